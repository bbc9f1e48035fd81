/** The model-tool endpoint's path (under the automation lane: the lane guard proves the API key) and methods. */
export const MODEL_TOOL_PATH = "/v1/automation/mcp";
export const MODEL_TOOL_METHODS = ["GET", "POST", "DELETE"] as const;
