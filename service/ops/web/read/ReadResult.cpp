#include "ReadResult.h"

#include "ops/web/article/ArticleExtractor.h"

using namespace Qt::StringLiterals;

namespace ades::web {

Result<QJsonObject> ReadResult::compose(const FetchedPage &page, Article::Format format)
{
    Article article;
    if (page.isHtml()) {
        // The fetcher already decoded the page in the charset its header, BOM or meta declared: the
        // extractor gets UTF-8 and must not detect a charset a second time.
        Result<Article> extracted = ArticleExtractor::extractUtf8(page.text.toUtf8(), page.finalUrl);
        if (!extracted.ok())
            return extracted.error();
        article = extracted.value();
    } else {
        // text/plain is its own main text; as markdown it is the same text.
        article.url = page.finalUrl.toString();
        article.text = page.text.trimmed();
        article.markdown = article.text;
    }
    QJsonObject data = article.toJson(format);
    data.insert(u"url"_s, page.finalUrl.toString(QUrl::FullyEncoded));
    data.insert(u"fetch"_s, page.evidence());
    return data;
}

} // namespace ades::web
