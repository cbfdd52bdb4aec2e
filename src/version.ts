/** The action's version, for the User-Agent; a test keeps it equal to package.json's. */
export const ACTION_VERSION = '0.1.0';
export const USER_AGENT = `docs-agent-action/${ACTION_VERSION}`;
