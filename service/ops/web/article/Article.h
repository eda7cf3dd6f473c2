#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

namespace ades::web {

// What the web reader makes of one page: its metadata and its main text (the article body without
// navigation, bylines, captions, comments, related boxes or ads), as plain text and as markdown, and the
// data tables of the main text as markdown tables. Empty strings mean "not found on the page".
struct Article
{
    enum class Format
    {
        Markdown,
        Text,
    };

    QString title;
    QString author;
    QString date; // as the page gives it: ISO 8601 where the page uses it
    QString language; // BCP 47 tag from the page ("en", "de-AT"), empty when the page names none
    QString url; // the base address the page was read with
    QString text; // paragraphs separated by an empty line
    QString markdown;
    QJsonArray tables; // one markdown table (a string) per data table of the main text

    // The operation's result: title, author, date, language, url, text (in `format`: markdown or plain),
    // format, tables and the word count of the plain text.
    QJsonObject toJson(Format format) const;
};

} // namespace ades::web
