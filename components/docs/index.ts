/** The generated API reference's pieces. */
export { CodeBlock } from "./code-block";
export { DocsToc } from "./docs-toc";
export { EndpointSection, endpointAnchor } from "./endpoint-section";
