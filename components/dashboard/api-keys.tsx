/**
 * The API keys page's interactive parts: create (name + scope, validated with
 * the API's createKeySchema) → the full key shown once; revoke with confirmation.
 */
"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { createKeySchema } from "@/lib/auth/api-keys-schema";
import { Alert, Button, Card, CopyButton, Input, Select } from "@/components/ui";
import { useWorkspace } from "@/components/workspaces/role-context";
import { callApi, detailsByPath } from "./api";
import { ConfirmDeleteButton } from "./confirm-delete";

type Values = z.input<typeof createKeySchema>;

export function CreateKeyForm() {
  const router = useRouter();
  const workspace = useWorkspace();
  const [created, setCreated] = useState<{ key: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, reset, setError: setFieldError, formState } = useForm<Values, unknown, z.output<typeof createKeySchema>>({
    resolver: zodResolver(createKeySchema),
    defaultValues: { name: "", scope: "read" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const res = await callApi<{ key: string; name: string }>("POST", "/api/keys", { ...values, workspaceId: workspace.id });
    if (!res.ok) {
      const fields = detailsByPath(res.error);
      if (fields.name) setFieldError("name", { message: fields.name });
      if (fields.scope) setFieldError("scope", { message: fields.scope });
      return setError(res.error.message);
    }
    setCreated({ key: res.data.key, name: res.data.name });
    reset({ name: "", scope: values.scope });
    router.refresh();
  });

  return (
    <div className="stack">
      {created && (
        <Card title={`Your new key “${created.name}”`} titleAs="h2" data-testid="new-key">
          <div className="stack-sm">
            <Alert tone="warning"><strong>Copy it now: you will not see it again.</strong> Formloom stores only a hash of the key.</Alert>
            <div className="row">
              <code className="input grow" data-testid="new-key-value" style={{ display: "flex", alignItems: "center", overflowX: "auto", whiteSpace: "nowrap" }}>{created.key}</code>
              <CopyButton value={created.key} label="Copy key" variant="primary" size="md" />
            </div>
            <div><Button variant="ghost" size="sm" onClick={() => setCreated(null)}>I have saved it — hide the key</Button></div>
          </div>
        </Card>
      )}
      <Card title="Create a key" titleAs="h2">
        <form onSubmit={onSubmit} method="post" noValidate className="stack">
          {error && <Alert tone="danger">{error}</Alert>}
          <div className="form-grid" style={{ gridTemplateColumns: "minmax(200px, 2fr) minmax(160px, 1fr)" }}>
            <Input label="Name" placeholder="e.g. Zapier, CI, reporting" hint="To recognise the key in this list" error={formState.errors.name?.message} {...register("name")} />
            <Select
              label="Scope"
              options={[{ value: "read", label: "Read — GET requests only" }, { value: "write", label: "Write — everything" }]}
              error={formState.errors.scope?.message}
              {...register("scope")}
            />
          </div>
          <div><Button type="submit" loading={formState.isSubmitting}>Create key</Button></div>
        </form>
      </Card>
    </div>
  );
}

export function RevokeKeyButton({ id, name }: { id: string; name: string }) {
  return (
    <ConfirmDeleteButton
      path={`/api/keys/${id}`}
      label="Revoke"
      ariaLabel={`Revoke ${name}`}
      title={`Revoke “${name}”?`}
      description="Anything using this key stops working at once (401). This cannot be undone."
      confirmLabel="Revoke key"
      done={`Revoked “${name}”`}
    />
  );
}
