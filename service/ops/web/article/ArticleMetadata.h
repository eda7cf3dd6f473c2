#pragma once

#include "HtmlDocument.h"

#include <QString>

namespace ades::web {

// The metadata a page declares about itself, each from the most deliberate declaration present: schema.org
// JSON-LD of the article first, then the Open Graph / article: / Dublin Core <meta> tags, then the markup
// (<h1>, rel=author, <time datetime>, <title>, <html lang>).
struct ArticleMetadata
{
    QString title;
    QString author;
    QString date;
    QString language;

    static ArticleMetadata read(const HtmlDocument &document);
};

} // namespace ades::web
