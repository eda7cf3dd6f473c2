#pragma once

#include "ops/web/fetch/FetchOptions.h"

namespace ades {
class Catalog;
}

namespace ades::web {

// web.read (GET /x402/read, MCP read_web_page; docs/web-reader.md): fetches a page through the SSRF-safe
// fetcher with `options` and returns its article (title, author, date, language, main text, tables) with the
// evidence of the fetch.
void addReadOperation(Catalog &catalog, const FetchOptions &options);

} // namespace ades::web
