#include "ArticleExtractor.h"

#include "ArticleMetadata.h"
#include "BlockWriter.h"
#include "HtmlDocument.h"
#include "MainContent.h"
#include "ops/web/fetch/CharsetDecoder.h"

#include <QStringConverter>
#include <QStringDecoder>

using namespace Qt::StringLiterals;

namespace ades::web {

namespace {

QString normalizedTitle(const QString &text)
{
    QString out;
    for (const QChar c : text) {
        if (c.isLetterOrNumber())
            out += c.toCaseFolded();
    }
    return out;
}

} // namespace

Result<Article> ArticleExtractor::extract(const QByteArray &html, const QUrl &baseUrl)
{
    if (html.size() > MaxInputBytes)
        return ServiceError::unprocessable(u"page_too_large"_s,
            u"The page is larger than %1 MiB."_s.arg(MaxInputBytes / (1024 * 1024)), u"url"_s);
    // Pages arrive as bytes and gumbo reads UTF-8: the fetcher's own WHATWG sniffing (byte order mark, meta
    // charset, else UTF-8 or windows-1252) decodes a local file exactly as it decodes a fetched page.
    return extractUtf8(CharsetDecoder::decode(html, {}, true).text.toUtf8(), baseUrl);
}

Result<Article> ArticleExtractor::extractUtf8(const QByteArray &html, const QUrl &baseUrl)
{
    if (html.size() > MaxInputBytes)
        return ServiceError::unprocessable(u"page_too_large"_s,
            u"The page is larger than %1 MiB."_s.arg(MaxInputBytes / (1024 * 1024)), u"url"_s);
    const HtmlDocument document = HtmlDocument::parse(html);
    const ArticleMetadata metadata = ArticleMetadata::read(document);
    const MainContent content(document);
    BlockWriter writer(document, content.stats(), baseUrl);
    QList<TextBlock> blocks = writer.write(content.root());

    // The main element's edges are where bylines, datelines, share prompts and "read more" lines sit: blocks
    // before the first and after the last prose block are left out. The headline is the title, not text.
    // List items that survived the link-list rule are content the story enumerates, not furniture.
    auto anchors
        = [](const TextBlock &block) { return block.prose || block.kind == TextBlock::Kind::ListItem; };
    qsizetype first = 0;
    while (first < blocks.size() && !anchors(blocks.at(first)))
        ++first;
    qsizetype last = blocks.size() - 1;
    while (last >= first && !anchors(blocks.at(last)))
        --last;
    const QString title = normalizedTitle(metadata.title);

    Article article;
    article.title = metadata.title;
    article.author = metadata.author;
    article.date = metadata.date;
    article.language = metadata.language;
    article.url = baseUrl.toString();
    QStringList plain;
    QStringList markdown;
    bool previousTight = false;
    for (qsizetype i = first; i <= last; ++i) {
        const TextBlock &block = blocks.at(i);
        if (block.kind == TextBlock::Kind::Heading && normalizedTitle(block.plain) == title)
            continue;
        const bool tight = block.tight && previousTight;
        previousTight = block.kind == TextBlock::Kind::ListItem;
        const QString separator = tight ? u"\n"_s : u"\n\n"_s;
        if (!plain.isEmpty()) {
            plain.append(separator);
            markdown.append(separator);
        }
        plain.append(block.plain);
        markdown.append(block.markdown);
        if (block.kind == TextBlock::Kind::Table)
            article.tables.append(block.markdown);
    }
    // A first block that is a nested list item starts with its indentation (FuzzWebArticle): the article
    // starts and ends with text, never with white space.
    article.text = plain.join(QString()).trimmed();
    article.markdown = markdown.join(QString()).trimmed();
    return article;
}

} // namespace ades::web
