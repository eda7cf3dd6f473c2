#pragma once

#include "core/Result.h"
#include "ops/web/article/Article.h"
#include "ops/web/fetch/FetchedPage.h"

#include <QJsonObject>

namespace ades::web {

// The web.read result of a fetched page: the article (ArticleExtractor for HTML and XHTML; plain text as it
// is) in the asked format, with the fetch evidence under `fetch`. Pure; runs on a pool thread.
namespace ReadResult {
Result<QJsonObject> compose(const FetchedPage &page, Article::Format format);
}

} // namespace ades::web
