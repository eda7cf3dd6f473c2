// Fuzz target: the web reader's extraction (gumbo parse, furniture rules, content scoring, markdown) on
// a hostile page. Input: the page's bytes.

#include "ops/web/article/ArticleExtractor.h"

#include <QUrl>
#include <cstdint>
#include <cstdio>

using namespace ades::web;

namespace {

bool hasStrayControl(const QString &text)
{
    for (const QChar c : text) {
        if ((c.unicode() < 0x20 && c != u'\n' && c != u'\t') || (c.unicode() >= 0x7f && c.unicode() < 0xa0))
            return true;
    }
    return false;
}

// Says which property failed before stopping, so a crash names it.
[[noreturn]] void fail(const char *property, const QString &text)
{
    std::fprintf(stderr, "FuzzWebArticle: %s\n%s\n", property, qPrintable(text.left(400)));
    __builtin_trap();
}

bool untrimmed(const QString &text)
{
    return !text.isEmpty() && (text.front().isSpace() || text.back().isSpace());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray html(reinterpret_cast<const char *>(data), qsizetype(size));
    const ades::Result<Article> result
        = ArticleExtractor::extract(html, QUrl(QStringLiteral("https://example.org/a/")));
    if (!result.ok()) {
        // The only refusal is the size limit.
        if (html.size() <= ArticleExtractor::MaxInputBytes)
            fail("refused below the size limit", result.error().message());
        return 0;
    }
    const Article &article = result.value();
    // Text out: no control characters but line breaks and tabs (table cells), nothing leading or trailing,
    // and text present exactly when markdown is.
    if (hasStrayControl(article.text))
        fail("control character in the text", article.text);
    if (untrimmed(article.text) || untrimmed(article.markdown))
        fail("white space around the text", article.text + u"\n---\n" + article.markdown);
    if (article.text.isEmpty() != article.markdown.isEmpty())
        fail("text and markdown disagree", article.text + u"\n---\n" + article.markdown);
    // Every table of the result is a markdown table.
    for (const QJsonValue &table : article.tables) {
        if (!table.toString().startsWith(u'|'))
            fail("a table that is no markdown table", table.toString());
    }
    (void)article.toJson(Article::Format::Markdown);
    return 0;
}
