#pragma once

namespace ades {
class Catalog;
struct AreaContext;
} // namespace ades

namespace ades::extract {

// extract.document on x402 (POST /x402/extract, 0.05 USDC; raw body or multipart field `file`), MCP
// (extract_document) and the CLI.
void registerExtractOperation(Catalog &catalog, const AreaContext &context);

} // namespace ades::extract
