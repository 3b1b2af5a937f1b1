/**
 * NPS group colours, shared by the server-rendered legend and the client
 * chart (a constant exported from a "use client" module would reach server
 * components only as a client reference, not as its value).
 */
export const NPS_COLORS = { detractor: "#c2410c", passive: "#a1a1aa", promoter: "#15803d" } as const;

export const npsColor = (value: number) => (value <= 6 ? NPS_COLORS.detractor : value <= 8 ? NPS_COLORS.passive : NPS_COLORS.promoter);
