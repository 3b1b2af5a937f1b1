/** The design system: import from "@/components/ui". See each file's header for its props. */
export { Button, ButtonLink, buttonClass, type ButtonVariant, type ButtonSize } from "./button";
export { Input, Textarea, Select, Checkbox, Field, type SelectOption } from "./field";
export { Badge, FormStatusBadge, type BadgeTone } from "./badge";
export { Card } from "./card";
export { Table } from "./table";
export { EmptyState } from "./empty-state";
export { Spinner, PageLoading, Skeleton } from "./spinner";
export { ConfirmDialog } from "./confirm-dialog";
export { TabNav, Tabs, type TabNavItem, type TabItem } from "./tabs";
export { Alert, InlineStatus, Toaster, useToast } from "./status";
export { CopyButton } from "./copy-button";
export { LocalTime, formatDateTime } from "./local-time";
