#pragma once

#include "Article.h"
#include "core/Result.h"

#include <QByteArray>
#include <QUrl>

namespace ades::web {

// Reads one HTML page (bytes as fetched; UTF-8 unless the page declares another charset) into an Article:
// an HTML5 parse (gumbo), the metadata from the page's own declarations, and the main text chosen by content
// scoring (docs/web-reader.md). Bounded on hostile input: the input, node count and nesting depth are
// capped and no step recurses over the tree. Pure and thread-safe; CPU work of a few milliseconds a page,
// so callers on the event loop hand it to a thread pool.
class ArticleExtractor
{
public:
    // Input beyond this is refused (422 page_too_large): an article page is rarely above 2 MB.
    static constexpr qsizetype MaxInputBytes = 8 * 1024 * 1024;

    // `baseUrl` resolves relative links in the markdown; it may be empty.
    static Result<Article> extract(const QByteArray &html, const QUrl &baseUrl);
    // The same for a page already decoded to UTF-8 by whoever read it (the web.read fetcher finds the charset
    // from the header, BOM or meta): no second charset detection, which would misread the UTF-8 bytes of a
    // page whose <meta> still names its original charset.
    static Result<Article> extractUtf8(const QByteArray &html, const QUrl &baseUrl);
};

} // namespace ades::web
