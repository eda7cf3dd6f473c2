#include "ArticleExtractor.h"

#include "ArticleMetadata.h"
#include "BlockWriter.h"
#include "HtmlDocument.h"
#include "MainContent.h"

#include <QStringConverter>
#include <QStringDecoder>

using namespace Qt::StringLiterals;

namespace ades::web {

namespace {

// The charset a page declares in its first kilobytes (<meta charset> or http-equiv Content-Type), lower
// case, or empty.
QByteArray declaredCharset(const QByteArray &html)
{
    const QByteArray head = html.left(4096).toLower();
    qsizetype at = head.indexOf("charset=");
    if (at < 0)
        return {};
    at += 8;
    while (at < head.size() && (head.at(at) == '"' || head.at(at) == '\'' || head.at(at) == ' '))
        ++at;
    qsizetype end = at;
    while (end < head.size()
        && (std::isalnum(static_cast<unsigned char>(head.at(end))) || head.at(end) == '-'
            || head.at(end) == '_'))
        ++end;
    return head.mid(at, end - at);
}

// Pages arrive as bytes; gumbo reads UTF-8. A page that declares another charset Qt can decode is converted
// (windows-1252 is read as Latin-1, its superset in all but 27 punctuation code points).
QByteArray asUtf8(const QByteArray &html)
{
    const QByteArray charset = declaredCharset(html);
    if (charset.isEmpty() || charset == "utf-8" || charset == "utf8")
        return html;
    const QByteArray name = charset == "windows-1252" || charset == "iso-8859-1" || charset == "us-ascii"
        ? QByteArray("ISO-8859-1")
        : charset;
    QStringDecoder decoder(name.constData());
    if (!decoder.isValid())
        return html;
    return QString(decoder(html)).toUtf8();
}

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
    return extractUtf8(asUtf8(html), baseUrl);
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
    article.text = plain.join(QString());
    article.markdown = markdown.join(QString());
    return article;
}

} // namespace ades::web
