/**
 * The dashboard suite's owner account. 01-owner-flow creates it through the
 * first-visit "create the owner account" page of an empty database; later
 * specs sign in with it (see signIn in ./session.ts).
 */
export const OWNER = { email: "owner@formloom.test", password: "a long and careful passphrase" };

export const dashboardUrl = () => {
  const url = process.env.E2E_DASHBOARD_URL;
  if (!url) throw new Error("E2E_DASHBOARD_URL is not set: run through playwright.config.ts");
  return url;
};
