/**
 * Every documented route file of app/api, by its OpenAPI path template, in the
 * order the document lists them. The document (./document.ts) reads each
 * exported method's route() declaration from these modules;
 * tests/integration/openapi.test.ts checks that every route file is here
 * under its own path.
 *
 * Not here: app/api/auth/[...nextauth] (next-auth's own sign-in protocol for
 * the dashboard) and app/api/[[...path]] (the 404 for paths no route file has).
 */
import * as formsRoute from "@/app/api/forms/route";
import * as formsIdRoute from "@/app/api/forms/[id]/route";
import * as formsIdVersionDraftRoute from "@/app/api/forms/[id]/version/draft/route";
import * as formsIdPublishRoute from "@/app/api/forms/[id]/publish/route";
import * as formsIdUnpublishRoute from "@/app/api/forms/[id]/unpublish/route";
import * as formsIdDuplicateRoute from "@/app/api/forms/[id]/duplicate/route";
import * as formsIdMoveRoute from "@/app/api/forms/[id]/move/route";
import * as templatesRoute from "@/app/api/templates/route";
import * as keysRoute from "@/app/api/keys/route";
import * as keysIdRoute from "@/app/api/keys/[id]/route";
import * as healthRoute from "@/app/api/health/route";
import * as readyRoute from "@/app/api/health/ready/route";
import * as openapiJsonRoute from "@/app/api/openapi.json/route";
import * as formsIdResponsesRoute from "@/app/api/forms/[id]/responses/route";
import * as formsIdResponsesExportRoute from "@/app/api/forms/[id]/responses/export/route";
import * as formsIdResponsesResponseIdRoute from "@/app/api/forms/[id]/responses/[responseId]/route";
import * as formsIdAnalyticsSummaryRoute from "@/app/api/forms/[id]/analytics/summary/route";
import * as formsIdAnalyticsTrendRoute from "@/app/api/forms/[id]/analytics/trend/route";
import * as publicFormsSlugRoute from "@/app/api/public/forms/[slug]/route";
import * as publicFormsSlugViewsRoute from "@/app/api/public/forms/[slug]/views/route";
import * as publicFormsSlugResponsesRoute from "@/app/api/public/forms/[slug]/responses/route";
import * as publicFormsSlugResponsesIdRoute from "@/app/api/public/forms/[slug]/responses/[id]/route";
import * as publicFormsSlugResponsesCurrentRoute from "@/app/api/public/forms/[slug]/responses/current/route";
import * as setupRoute from "@/app/api/setup/route";
import * as formsIdNotificationsRoute from "@/app/api/forms/[id]/notifications/route";
import * as formsIdWebhooksRoute from "@/app/api/forms/[id]/webhooks/route";
import * as formsIdWebhooksWebhookIdRoute from "@/app/api/forms/[id]/webhooks/[webhookId]/route";
import * as formsIdWebhooksWebhookIdRotateSecretRoute from "@/app/api/forms/[id]/webhooks/[webhookId]/rotate-secret/route";
import * as formsIdWebhooksWebhookIdDeliveriesRoute from "@/app/api/forms/[id]/webhooks/[webhookId]/deliveries/route";
import * as formsIdWebhooksWebhookIdDeliveriesDeliveryIdRetryRoute from "@/app/api/forms/[id]/webhooks/[webhookId]/deliveries/[deliveryId]/retry/route";
import * as formsIdWebhooksWebhookIdTestRoute from "@/app/api/forms/[id]/webhooks/[webhookId]/test/route";
import * as publicFormsSlugFilesRoute from "@/app/api/public/forms/[slug]/files/route";
import * as formsIdResponsesResponseIdFilesFileIdRoute from "@/app/api/forms/[id]/responses/[responseId]/files/[fileId]/route";
import * as formsIdAssetsRoute from "@/app/api/forms/[id]/assets/route";
import * as assetsAssetIdRoute from "@/app/api/assets/[assetId]/route";
import * as workspacesRoute from "@/app/api/workspaces/route";
import * as workspacesIdRoute from "@/app/api/workspaces/[id]/route";
import * as workspacesIdMembersRoute from "@/app/api/workspaces/[id]/members/route";
import * as workspacesIdMembersUserIdRoute from "@/app/api/workspaces/[id]/members/[userId]/route";
import * as workspacesIdInvitationsRoute from "@/app/api/workspaces/[id]/invitations/route";
import * as workspacesIdInvitationsInvitationIdRoute from "@/app/api/workspaces/[id]/invitations/[invitationId]/route";
import * as workspacesIdAuditLogRoute from "@/app/api/workspaces/[id]/audit-log/route";
import * as invitationsTokenAcceptRoute from "@/app/api/invitations/[token]/accept/route";
import * as invitationsTokenSignupRoute from "@/app/api/invitations/[token]/signup/route";

export const apiRoutes: Record<string, Record<string, unknown>> = {
  "/api/forms": formsRoute,
  "/api/forms/{id}": formsIdRoute,
  "/api/forms/{id}/version/draft": formsIdVersionDraftRoute,
  "/api/forms/{id}/publish": formsIdPublishRoute,
  "/api/forms/{id}/unpublish": formsIdUnpublishRoute,
  "/api/forms/{id}/duplicate": formsIdDuplicateRoute,
  "/api/forms/{id}/move": formsIdMoveRoute,
  "/api/templates": templatesRoute,
  "/api/keys": keysRoute,
  "/api/keys/{id}": keysIdRoute,
  "/api/health": healthRoute,
  "/api/health/ready": readyRoute,
  "/api/openapi.json": openapiJsonRoute,
  "/api/forms/{id}/responses": formsIdResponsesRoute,
  "/api/forms/{id}/responses/export": formsIdResponsesExportRoute,
  "/api/forms/{id}/responses/{responseId}": formsIdResponsesResponseIdRoute,
  "/api/forms/{id}/analytics/summary": formsIdAnalyticsSummaryRoute,
  "/api/forms/{id}/analytics/trend": formsIdAnalyticsTrendRoute,
  "/api/public/forms/{slug}": publicFormsSlugRoute,
  "/api/public/forms/{slug}/views": publicFormsSlugViewsRoute,
  "/api/public/forms/{slug}/responses": publicFormsSlugResponsesRoute,
  "/api/public/forms/{slug}/responses/{id}": publicFormsSlugResponsesIdRoute,
  "/api/public/forms/{slug}/responses/current": publicFormsSlugResponsesCurrentRoute,
  "/api/setup": setupRoute,
  "/api/forms/{id}/notifications": formsIdNotificationsRoute,
  "/api/forms/{id}/webhooks": formsIdWebhooksRoute,
  "/api/forms/{id}/webhooks/{webhookId}": formsIdWebhooksWebhookIdRoute,
  "/api/forms/{id}/webhooks/{webhookId}/rotate-secret": formsIdWebhooksWebhookIdRotateSecretRoute,
  "/api/forms/{id}/webhooks/{webhookId}/deliveries": formsIdWebhooksWebhookIdDeliveriesRoute,
  "/api/forms/{id}/webhooks/{webhookId}/deliveries/{deliveryId}/retry": formsIdWebhooksWebhookIdDeliveriesDeliveryIdRetryRoute,
  "/api/forms/{id}/webhooks/{webhookId}/test": formsIdWebhooksWebhookIdTestRoute,
  "/api/public/forms/{slug}/files": publicFormsSlugFilesRoute,
  "/api/forms/{id}/responses/{responseId}/files/{fileId}": formsIdResponsesResponseIdFilesFileIdRoute,
  "/api/forms/{id}/assets": formsIdAssetsRoute,
  "/api/assets/{assetId}": assetsAssetIdRoute,
  "/api/workspaces": workspacesRoute,
  "/api/workspaces/{id}": workspacesIdRoute,
  "/api/workspaces/{id}/members": workspacesIdMembersRoute,
  "/api/workspaces/{id}/members/{userId}": workspacesIdMembersUserIdRoute,
  "/api/workspaces/{id}/invitations": workspacesIdInvitationsRoute,
  "/api/workspaces/{id}/invitations/{invitationId}": workspacesIdInvitationsInvitationIdRoute,
  "/api/workspaces/{id}/audit-log": workspacesIdAuditLogRoute,
  "/api/invitations/{token}/accept": invitationsTokenAcceptRoute,
  "/api/invitations/{token}/signup": invitationsTokenSignupRoute,
};
