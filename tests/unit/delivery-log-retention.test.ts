/** DELIVERY_LOG_RETENTION_DAYS (lib/outbox/retention.ts): 30 days by default, 0 keeps the log forever, nonsense stops the start. */
import { describe, expect, it } from "vitest";
import { deliveryLogRetentionDays } from "@/lib/outbox/retention";

describe("DELIVERY_LOG_RETENTION_DAYS", () => {
  it("defaults to 30 days", () => {
    expect(deliveryLogRetentionDays({})).toBe(30);
    expect(deliveryLogRetentionDays({ DELIVERY_LOG_RETENTION_DAYS: " " })).toBe(30);
  });

  it("takes a number of days, fractions included; 0 keeps the log forever", () => {
    expect(deliveryLogRetentionDays({ DELIVERY_LOG_RETENTION_DAYS: "90" })).toBe(90);
    expect(deliveryLogRetentionDays({ DELIVERY_LOG_RETENTION_DAYS: "0.5" })).toBe(0.5);
    expect(deliveryLogRetentionDays({ DELIVERY_LOG_RETENTION_DAYS: "0" })).toBeNull();
  });

  it("refuses what is not a number of days ≥ 0", () => {
    for (const bad of ["-1", "thirty", "30d", "Infinity"]) {
      expect(() => deliveryLogRetentionDays({ DELIVERY_LOG_RETENTION_DAYS: bad })).toThrow(/DELIVERY_LOG_RETENTION_DAYS must be a number of days/);
    }
  });
});
