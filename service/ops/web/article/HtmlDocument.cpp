#include "HtmlDocument.h"

#include <QHash>
#include <cctype>
#include <cstring>
#include <gumbo.h>
#include <vector>

using namespace Qt::StringLiterals;

namespace ades::web {

namespace {

const QHash<QByteArray, HtmlTag> &tagsByName()
{
    static const QHash<QByteArray, HtmlTag> tags {
        { "html", HtmlTag::Html },
        { "head", HtmlTag::Head },
        { "body", HtmlTag::Body },
        { "title", HtmlTag::Title },
        { "meta", HtmlTag::Meta },
        { "link", HtmlTag::Link },
        { "base", HtmlTag::Base },
        { "script", HtmlTag::Script },
        { "style", HtmlTag::Style },
        { "noscript", HtmlTag::Noscript },
        { "template", HtmlTag::Template },
        { "svg", HtmlTag::Svg },
        { "math", HtmlTag::Math },
        { "iframe", HtmlTag::Iframe },
        { "frame", HtmlTag::Iframe },
        { "object", HtmlTag::Object },
        { "embed", HtmlTag::Embed },
        { "canvas", HtmlTag::Canvas },
        { "video", HtmlTag::Video },
        { "audio", HtmlTag::Audio },
        { "picture", HtmlTag::Picture },
        { "img", HtmlTag::Img },
        { "br", HtmlTag::Br },
        { "hr", HtmlTag::Hr },
        { "p", HtmlTag::P },
        { "div", HtmlTag::Div },
        { "span", HtmlTag::Span },
        { "a", HtmlTag::A },
        { "h1", HtmlTag::H1 },
        { "h2", HtmlTag::H2 },
        { "h3", HtmlTag::H3 },
        { "h4", HtmlTag::H4 },
        { "h5", HtmlTag::H5 },
        { "h6", HtmlTag::H6 },
        { "ul", HtmlTag::Ul },
        { "ol", HtmlTag::Ol },
        { "li", HtmlTag::Li },
        { "dl", HtmlTag::Dl },
        { "dt", HtmlTag::Dt },
        { "dd", HtmlTag::Dd },
        { "table", HtmlTag::Table },
        { "thead", HtmlTag::Thead },
        { "tbody", HtmlTag::Tbody },
        { "tfoot", HtmlTag::Tfoot },
        { "tr", HtmlTag::Tr },
        { "td", HtmlTag::Td },
        { "th", HtmlTag::Th },
        { "caption", HtmlTag::Caption },
        { "blockquote", HtmlTag::Blockquote },
        { "pre", HtmlTag::Pre },
        { "code", HtmlTag::Code },
        { "figure", HtmlTag::Figure },
        { "figcaption", HtmlTag::Figcaption },
        { "nav", HtmlTag::Nav },
        { "aside", HtmlTag::Aside },
        { "footer", HtmlTag::Footer },
        { "header", HtmlTag::Header },
        { "main", HtmlTag::Main },
        { "article", HtmlTag::Article },
        { "section", HtmlTag::Section },
        { "form", HtmlTag::Form },
        { "button", HtmlTag::Button },
        { "input", HtmlTag::Input },
        { "select", HtmlTag::Select },
        { "textarea", HtmlTag::Textarea },
        { "label", HtmlTag::Label },
        { "time", HtmlTag::Time },
        { "address", HtmlTag::Address },
        { "strong", HtmlTag::Strong },
        { "b", HtmlTag::B },
        { "em", HtmlTag::Em },
        { "i", HtmlTag::I },
        { "details", HtmlTag::Details },
        { "summary", HtmlTag::Summary },
        { "dialog", HtmlTag::Dialog },
        { "menu", HtmlTag::Menu },
        { "fieldset", HtmlTag::Fieldset },
        { "center", HtmlTag::Center },
    };
    return tags;
}

HtmlTag tagOf(const GumboElement &element)
{
    if (element.tag != GUMBO_TAG_UNKNOWN)
        return tagsByName().value(QByteArray(gumbo_normalized_tagname(element.tag)), HtmlTag::Other);
    // Elements gumbo 0.10 does not know (dialog, custom elements): the name from the start tag.
    GumboStringPiece name = element.original_tag;
    gumbo_tag_from_original_text(&name);
    return tagsByName().value(QByteArray(name.data, qsizetype(name.length)).toLower(), HtmlTag::Other);
}

bool isVoidElement(QByteArrayView name)
{
    static const QByteArrayView voids[] = { "area", "base", "br", "col", "embed", "hr", "img", "input",
        "link", "meta", "param", "source", "track", "wbr", "keygen" };
    for (const QByteArrayView v : voids) {
        if (name.compare(v, Qt::CaseInsensitive) == 0)
            return true;
    }
    return false;
}

// The index just past the end tag `</name` that closes raw text starting at `from` (the tokenizer's rule for
// script and style data), or -1.
qsizetype rawTextEnd(QByteArrayView html, QByteArrayView name, qsizetype from)
{
    qsizetype close = html.indexOf("</", from);
    while (close >= 0) {
        const qsizetype after = close + 2 + name.size();
        if (after <= html.size()
            && html.sliced(close + 2, name.size()).compare(name, Qt::CaseInsensitive) == 0
            && (after == html.size() || !std::isalnum(static_cast<unsigned char>(html.at(after)))))
            return close;
        close = html.indexOf("</", close + 2);
    }
    return -1;
}

// The page as gumbo is given it: the contents of comments, scripts (JSON-LD kept: it is metadata), styles and
// SVG drawings left out — never text, and on today's pages most of the bytes, so parsing takes a third of the
// time — and the page cut where its start tags, minus its end tags, first nest deeper than `limit`. That
// count over-estimates the tree's depth (implied end tags are not subtracted): gumbo builds its tree without
// recursion but frees it recursively, so a page of a million nested <div>s would exhaust the stack.
QByteArray prepared(const QByteArray &html, int limit, bool &cut)
{
    const QByteArrayView view(html);
    const char *data = html.constData();
    const qsizetype size = html.size();
    QByteArray out;
    out.reserve(size);
    int depth = 0;
    qsizetype copied = 0; // html[copied, i) is still to be copied
    qsizetype i = 0;
    while (i < size) {
        const char *lt = static_cast<const char *>(memchr(data + i, '<', size_t(size - i)));
        if (!lt)
            break;
        const qsizetype start = lt - data;
        i = start + 1;
        if (view.sliced(i).startsWith("!--")) {
            const qsizetype close = html.indexOf("-->", i + 3);
            out.append(view.sliced(copied, start - copied));
            copied = close < 0 ? size : close + 3;
            i = copied;
            continue;
        }
        const bool closing = i < size && data[i] == '/';
        const qsizetype nameStart = closing ? i + 1 : i;
        qsizetype nameEnd = nameStart;
        while (nameEnd < size
            && (std::isalnum(static_cast<unsigned char>(data[nameEnd])) || data[nameEnd] == '-'))
            ++nameEnd;
        if (nameEnd == nameStart || !std::isalpha(static_cast<unsigned char>(data[nameStart])))
            continue;
        const QByteArrayView name = view.sliced(nameStart, nameEnd - nameStart);
        // The tag ends at the first '>' outside quoted attribute values.
        qsizetype gt = nameEnd;
        char quote = 0;
        while (gt < size && (quote || data[gt] != '>')) {
            if (quote && data[gt] == quote)
                quote = 0;
            else if (!quote && (data[gt] == '"' || data[gt] == '\'')
                && (data[gt - 1] == '=' || (data[gt - 1] == ' ' && gt >= 2 && data[gt - 2] == '=')))
                quote = data[gt];
            ++gt;
        }
        if (gt >= size)
            break;
        i = gt + 1;
        if (closing) {
            depth = qMax(0, depth - 1);
            continue;
        }
        if (isVoidElement(name) || data[gt - 1] == '/')
            continue;
        const bool script = name.compare("script", Qt::CaseInsensitive) == 0;
        if (script || name.compare("style", Qt::CaseInsensitive) == 0
            || name.compare("svg", Qt::CaseInsensitive) == 0) {
            const qsizetype close = rawTextEnd(view, name, i);
            const bool metadata
                = script && view.sliced(nameEnd, gt - nameEnd).toByteArray().toLower().contains("ld+json");
            if (close < 0) {
                if (!metadata) {
                    out.append(view.sliced(copied, i - copied));
                    copied = size;
                }
                break;
            }
            if (!metadata) {
                out.append(view.sliced(copied, i - copied));
                copied = close;
            }
            i = close;
            continue;
        }
        if (++depth > limit) {
            out.append(view.sliced(copied, start - copied));
            copied = size;
            cut = true;
            break;
        }
    }
    if (copied < size)
        out.append(view.sliced(copied));
    return out;
}

// The attributes the reader looks at; the others (sources, sizes, data-*, event handlers) are not copied.
bool isReadAttribute(const char *name)
{
    static const QByteArrayView read[] = { "class", "id", "role", "style", "hidden", "aria-hidden", "href",
        "itemprop", "rel", "property", "name", "content", "lang", "datetime", "type", "http-equiv" };
    const QByteArrayView view(name);
    for (const QByteArrayView r : read) {
        if (view == r)
            return true;
    }
    return false;
}

} // namespace

QString HtmlNode::attribute(QStringView name) const
{
    for (const auto &[key, value] : attributes) {
        if (key == name)
            return value;
    }
    return {};
}

int HtmlDocument::first(HtmlTag tag) const
{
    for (qsizetype i = 0; i < m_nodes.size(); ++i) {
        if (m_nodes.at(i).tag == tag)
            return int(i);
    }
    return -1;
}

HtmlDocument HtmlDocument::parse(const QByteArray &utf8)
{
    HtmlDocument document;
    const QByteArray input = prepared(utf8, MaxNesting, document.m_truncated);
    GumboOutput *output
        = gumbo_parse_with_options(&kGumboDefaultOptions, input.constData(), size_t(input.size()));
    document.m_nodes.reserve(qMin<qsizetype>(input.size() / 40 + 16, MaxNodes));
    document.m_nodes.append(HtmlNode { .tag = HtmlTag::Other, .parent = -1, .end = 1, .depth = 0 });

    // Depth-first over gumbo's tree with an explicit stack. An entry with `node == nullptr` closes the
    // subtree of `index`: its end is known once all its descendants were appended.
    struct Step
    {
        const GumboNode *node;
        int parent;
        int index;
    };
    std::vector<Step> stack;
    const GumboVector &roots = output->document->v.document.children;
    stack.push_back({ nullptr, -1, 0 });
    for (unsigned int k = roots.length; k > 0; --k)
        stack.push_back({ static_cast<const GumboNode *>(roots.data[k - 1]), 0, -1 });
    while (!stack.empty()) {
        const Step step = stack.back();
        stack.pop_back();
        if (!step.node) {
            document.m_nodes[step.index].end = int(document.m_nodes.size());
            continue;
        }
        if (document.m_nodes.size() >= MaxNodes) {
            document.m_truncated = true;
            continue;
        }
        const GumboNode *node = step.node;
        const int depth = document.m_nodes.at(step.parent).depth + 1;
        HtmlNode copy;
        copy.parent = step.parent;
        copy.depth = depth;
        switch (node->type) {
        case GUMBO_NODE_TEXT:
        case GUMBO_NODE_CDATA:
        case GUMBO_NODE_WHITESPACE:
            copy.tag = HtmlTag::Text;
            copy.text = QString::fromUtf8(node->v.text.text);
            copy.end = int(document.m_nodes.size()) + 1;
            document.m_nodes.append(std::move(copy));
            continue;
        case GUMBO_NODE_ELEMENT:
        case GUMBO_NODE_TEMPLATE:
            break;
        default:
            continue; // comments, the document
        }
        if (depth > MaxDepth) {
            document.m_truncated = true;
            continue;
        }
        const GumboElement &element = node->v.element;
        copy.tag = node->type == GUMBO_NODE_TEMPLATE ? HtmlTag::Template : tagOf(element);
        copy.attributes.reserve(element.attributes.length);
        for (unsigned int a = 0; a < element.attributes.length; ++a) {
            const auto *attribute = static_cast<const GumboAttribute *>(element.attributes.data[a]);
            if (isReadAttribute(attribute->name))
                copy.attributes.append(
                    { QString::fromUtf8(attribute->name), QString::fromUtf8(attribute->value) });
        }
        const int index = int(document.m_nodes.size());
        copy.end = index + 1;
        document.m_nodes.append(std::move(copy));
        stack.push_back({ nullptr, -1, index });
        for (unsigned int k = element.children.length; k > 0; --k)
            stack.push_back({ static_cast<const GumboNode *>(element.children.data[k - 1]), index, -1 });
    }
    gumbo_destroy_output(&kGumboDefaultOptions, output);
    return document;
}

} // namespace ades::web
