#include "HtmlText.h"

#include <QByteArray>
#include <gumbo.h>
#include <vector>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

// C0 controls, DEL and C1 controls carry nothing readable.
bool isControl(QChar c)
{
    return c.unicode() < 0x20 || (c.unicode() >= 0x7f && c.unicode() < 0xa0);
}

// Collects text with HTML's white-space rules: runs of white space become one space, line breaks asked for
// by elements win over spaces, and nothing leads or trails.
class TextBuilder
{
public:
    void text(const QString &chunk, bool preformatted)
    {
        for (const QChar c : chunk) {
            if (preformatted && c == u'\n') {
                lineBreaks(1, true);
                continue;
            }
            if (c == u' ' || c == u'\t' || c == u'\n' || c == u'\r' || c == u'\f') {
                if (preformatted)
                    put(u' ');
                else
                    m_space = true;
                continue;
            }
            if (isControl(c))
                continue;
            put(c);
        }
    }

    // `count` line breaks before whatever comes next: 1 ends a line, 2 leaves an empty one. Breaks asked
    // for one after another merge (a closing </p> and an opening <p> make one paragraph break), unless
    // `add` (each <br> is a line of its own).
    void lineBreaks(int count, bool add = false)
    {
        m_breaks = add ? qMin(m_breaks + count, 2) : qMax(m_breaks, count);
        m_space = false;
    }

    // The text, without the white space <pre> may leave at its ends.
    QString take()
    {
        qsizetype begin = 0;
        qsizetype end = m_out.size();
        while (begin < end && (m_out.at(begin) == u' ' || m_out.at(begin) == u'\n'))
            ++begin;
        while (end > begin && (m_out.at(end - 1) == u' ' || m_out.at(end - 1) == u'\n'))
            --end;
        return m_out.mid(begin, end - begin);
    }

private:
    void put(QChar c)
    {
        if (!m_out.isEmpty()) {
            if (m_breaks > 0)
                m_out += QString(m_breaks, u'\n');
            else if (m_space)
                m_out += u' ';
        }
        m_breaks = 0;
        m_space = false;
        m_out += c;
    }

    QString m_out;
    int m_breaks = 0;
    bool m_space = false;
};

enum class Kind
{
    Inline,
    Paragraph, // an empty line before and after
    Block, // a line of its own
    LineBreak,
    Skipped, // content is not text
    Preformatted,
};

Kind kindOf(GumboTag tag)
{
    switch (tag) {
    case GUMBO_TAG_P:
        return Kind::Paragraph;
    case GUMBO_TAG_BR:
        return Kind::LineBreak;
    case GUMBO_TAG_PRE:
        return Kind::Preformatted;
    case GUMBO_TAG_DIV:
    case GUMBO_TAG_BLOCKQUOTE:
    case GUMBO_TAG_UL:
    case GUMBO_TAG_OL:
    case GUMBO_TAG_LI:
    case GUMBO_TAG_DL:
    case GUMBO_TAG_DT:
    case GUMBO_TAG_DD:
    case GUMBO_TAG_H1:
    case GUMBO_TAG_H2:
    case GUMBO_TAG_H3:
    case GUMBO_TAG_H4:
    case GUMBO_TAG_H5:
    case GUMBO_TAG_H6:
    case GUMBO_TAG_HR:
    case GUMBO_TAG_TABLE:
    case GUMBO_TAG_TR:
    case GUMBO_TAG_SECTION:
    case GUMBO_TAG_ARTICLE:
    case GUMBO_TAG_HEADER:
    case GUMBO_TAG_FOOTER:
    case GUMBO_TAG_FIGURE:
    case GUMBO_TAG_FIGCAPTION:
        return Kind::Block;
    case GUMBO_TAG_SCRIPT:
    case GUMBO_TAG_STYLE:
    case GUMBO_TAG_TEMPLATE:
    case GUMBO_TAG_NOSCRIPT:
    case GUMBO_TAG_TEXTAREA:
    case GUMBO_TAG_SELECT:
    case GUMBO_TAG_HEAD:
    case GUMBO_TAG_TITLE:
    case GUMBO_TAG_SVG:
    case GUMBO_TAG_MATH:
    case GUMBO_TAG_IFRAME:
    case GUMBO_TAG_OBJECT:
        return Kind::Skipped;
    default:
        return Kind::Inline;
    }
}

void open(Kind kind, TextBuilder &out)
{
    if (kind == Kind::Paragraph)
        out.lineBreaks(2);
    else if (kind == Kind::Block || kind == Kind::Preformatted)
        out.lineBreaks(1);
    else if (kind == Kind::LineBreak)
        out.lineBreaks(1, true);
}

void close(Kind kind, TextBuilder &out)
{
    if (kind == Kind::Paragraph)
        out.lineBreaks(2);
    else if (kind == Kind::Block || kind == Kind::Preformatted)
        out.lineBreaks(1);
}

// Walks the tree with an explicit stack: nesting depth is the input's to choose, the call stack is not.
void walk(const GumboNode *root, TextBuilder &out)
{
    struct Frame
    {
        const GumboNode *node;
        unsigned int next; // index of the next child to visit
        Kind kind;
    };
    std::vector<Frame> stack;
    int preformatted = 0;
    stack.push_back({ root, 0, Kind::Inline });
    while (!stack.empty()) {
        Frame &frame = stack.back();
        const GumboVector &children = frame.node->type == GUMBO_NODE_DOCUMENT
            ? frame.node->v.document.children
            : frame.node->v.element.children;
        if (frame.next >= children.length) {
            close(frame.kind, out);
            if (frame.kind == Kind::Preformatted)
                --preformatted;
            stack.pop_back();
            continue;
        }
        const auto *child = static_cast<const GumboNode *>(children.data[frame.next++]);
        switch (child->type) {
        case GUMBO_NODE_TEXT:
        case GUMBO_NODE_CDATA:
        case GUMBO_NODE_WHITESPACE:
            out.text(QString::fromUtf8(child->v.text.text), preformatted > 0);
            break;
        case GUMBO_NODE_ELEMENT:
        case GUMBO_NODE_TEMPLATE: {
            const Kind kind
                = child->type == GUMBO_NODE_TEMPLATE ? Kind::Skipped : kindOf(child->v.element.tag);
            if (kind == Kind::Skipped)
                break;
            open(kind, out);
            if (kind == Kind::Preformatted)
                ++preformatted;
            stack.push_back({ child, 0, kind }); // invalidates `frame`
            break;
        }
        case GUMBO_NODE_DOCUMENT:
        case GUMBO_NODE_COMMENT:
            break;
        }
    }
}

} // namespace

QString HtmlText::toText(const QString &html)
{
    // Control characters go before parsing: gumbo would turn them into U+FFFD, which reads as damage.
    QString input;
    input.reserve(html.size());
    for (const QChar c : html) {
        if (!isControl(c) || c == u'\t' || c == u'\n' || c == u'\r' || c == u'\f')
            input += c;
    }
    QByteArray utf8 = input.toUtf8();
    if (utf8.size() > MaxInputBytes)
        utf8.truncate(MaxInputBytes);
    GumboOptions options = kGumboDefaultOptions;
    // Parse errors are not wanted, only the tree a browser would build; the content goes into a <div>.
    options.max_errors = 0;
    options.fragment_context = GUMBO_TAG_DIV;
    GumboOutput *output = gumbo_parse_with_options(&options, utf8.constData(), size_t(utf8.size()));
    TextBuilder out;
    walk(output->root, out);
    gumbo_destroy_output(&options, output);
    return out.take();
}

} // namespace ades::market
