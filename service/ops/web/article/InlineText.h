#pragma once

#include <QList>
#include <QString>

namespace ades::web {

// The inline content of one block as plain text and as markdown at once, with HTML's white-space rules:
// runs of white space become one space, nothing leads or trails, <br> breaks the line. Markdown markers
// (emphasis, links, code) are written only around text that exists, outside the spaces that surround it.
class InlineText
{
public:
    void append(QStringView text, bool preformatted);
    void lineBreak();
    // Starts a span written as `open` ... `close` in markdown; close it with closeSpan().
    void openSpan(const QString &open, const QString &close);
    void closeSpan();

    bool isEmpty() const { return m_plain.isEmpty(); }
    // The collected text, after which the writer is empty again.
    QString takePlain();
    QString takeMarkdown();

private:
    void put(QChar c, bool escape);

    struct Span
    {
        QString open;
        QString close;
        bool written = false;
    };
    QString m_plain;
    QString m_markdown;
    QList<Span> m_spans;
    bool m_space = false;
    bool m_break = false;
};

} // namespace ades::web
