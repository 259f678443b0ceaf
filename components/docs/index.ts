/** The generated API reference's pieces. */
export { CodeBlock } from "./code-block";
export { EndpointSection, endpointAnchor } from "./endpoint-section";
