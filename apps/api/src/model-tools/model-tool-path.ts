/** The model-tool endpoint's path (under the automation lane: the lane guard proves the API key) and methods. */
export const MODEL_TOOL_PATH = "/v1/automation/mcp";
// Stateless JSON mode: no server stream (GET) and no session to end (DELETE); both answer 405.
export const MODEL_TOOL_METHODS = ["POST"] as const;
