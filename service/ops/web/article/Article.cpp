#include "Article.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ades::web {

namespace {

qsizetype wordCount(const QString &text)
{
    qsizetype words = 0;
    bool inWord = false;
    for (const QChar c : text) {
        const bool wordChar = c.isLetterOrNumber() || c == u'_';
        if (wordChar && !inWord)
            ++words;
        inWord = wordChar;
    }
    return words;
}

} // namespace

QJsonObject Article::toJson(Format format) const
{
    return QJsonObject {
        { u"title"_s, title },
        { u"author"_s, author },
        { u"date"_s, date },
        { u"language"_s, language },
        { u"url"_s, url },
        { u"format"_s, format == Format::Markdown ? u"markdown"_s : u"text"_s },
        { u"text"_s, format == Format::Markdown ? markdown : text },
        { u"tables"_s, tables },
        { u"word_count"_s, wordCount(text) },
    };
}

} // namespace ades::web
