#include "InlineText.h"

namespace ades::web {

namespace {

bool isControl(QChar c)
{
    return (c.unicode() < 0x20 && c != u'\n' && c != u'\t') || (c.unicode() >= 0x7f && c.unicode() < 0xa0);
}

// Characters that would start markdown syntax inside text.
bool needsEscape(QChar c)
{
    return c == u'\\' || c == u'*' || c == u'_' || c == u'`' || c == u'[' || c == u']' || c == u'<'
        || c == u'|';
}

QString trimmed(const QString &text)
{
    qsizetype begin = 0;
    qsizetype end = text.size();
    while (begin < end && (text.at(begin) == u' ' || text.at(begin) == u'\n'))
        ++begin;
    while (end > begin && (text.at(end - 1) == u' ' || text.at(end - 1) == u'\n'))
        --end;
    return text.mid(begin, end - begin);
}

} // namespace

void InlineText::append(QStringView text, bool preformatted)
{
    for (const QChar c : text) {
        if (preformatted && c == u'\n') {
            lineBreak();
            continue;
        }
        // Every Unicode space collapses, the no-break space too: pages pad with runs of &nbsp;, which would
        // otherwise end a block's text with white space and leave an emphasis unclosable in markdown
        // (FuzzWebArticle, a page of ../shared/data/web).
        if (c.isSpace()) {
            if (preformatted)
                put(u' ', false);
            else
                m_space = true;
            continue;
        }
        if (isControl(c) || c == u'\u00ad' || c == u'\u200b')
            continue;
        put(c, !preformatted);
    }
}

void InlineText::lineBreak()
{
    if (!m_plain.isEmpty())
        m_break = true;
    m_space = false;
}

void InlineText::openSpan(const QString &open, const QString &close)
{
    m_spans.append(Span { open, close, false });
}

void InlineText::closeSpan()
{
    if (m_spans.isEmpty())
        return;
    const Span span = m_spans.takeLast();
    if (span.written)
        m_markdown += span.close;
}

void InlineText::put(QChar c, bool escape)
{
    if (!m_plain.isEmpty()) {
        if (m_break) {
            m_plain += u'\n';
            m_markdown += u"  \n";
        } else if (m_space) {
            m_plain += u' ';
            m_markdown += u' ';
        }
    }
    m_break = false;
    m_space = false;
    for (Span &span : m_spans) {
        if (!span.written) {
            m_markdown += span.open;
            span.written = true;
        }
    }
    m_plain += c;
    if (escape && needsEscape(c))
        m_markdown += u'\\';
    m_markdown += c;
}

QString InlineText::takePlain()
{
    const QString text = trimmed(m_plain);
    m_plain.clear();
    m_space = false;
    m_break = false;
    return text;
}

QString InlineText::takeMarkdown()
{
    for (Span &span : m_spans) {
        if (span.written)
            m_markdown += span.close;
        span.written = false;
    }
    const QString text = trimmed(m_markdown);
    m_markdown.clear();
    return text;
}

} // namespace ades::web
