#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

namespace ades::web {

// The elements the reader tells apart; every other element is Other (its text still counts).
enum class HtmlTag : quint8
{
    Other,
    Text, // a text node, not an element
    Html,
    Head,
    Body,
    Title,
    Meta,
    Link,
    Base,
    Script,
    Style,
    Noscript,
    Template,
    Svg,
    Math,
    Iframe,
    Object,
    Embed,
    Canvas,
    Video,
    Audio,
    Picture,
    Img,
    Br,
    Hr,
    P,
    Div,
    Span,
    A,
    H1,
    H2,
    H3,
    H4,
    H5,
    H6,
    Ul,
    Ol,
    Li,
    Dl,
    Dt,
    Dd,
    Table,
    Thead,
    Tbody,
    Tfoot,
    Tr,
    Td,
    Th,
    Caption,
    Blockquote,
    Pre,
    Code,
    Figure,
    Figcaption,
    Nav,
    Aside,
    Footer,
    Header,
    Main,
    Article,
    Section,
    Form,
    Button,
    Input,
    Select,
    Textarea,
    Label,
    Time,
    Address,
    Strong,
    B,
    Em,
    I,
    Details,
    Summary,
    Dialog,
    Menu,
    Fieldset,
    Center,
};

// One node of the parsed page. Nodes are kept in document (pre-)order in one array: a node's descendants
// are exactly the indices (index, end), so whole subtrees are visited with a loop, never by recursion.
struct HtmlNode
{
    HtmlTag tag = HtmlTag::Other;
    int parent = -1;
    int end = 0; // one past the last descendant
    int depth = 0;
    QString text; // a text node's characters, as in the page (white space not collapsed)
    QList<QPair<QString, QString>> attributes; // names in lower case, as gumbo gives them

    bool isText() const { return tag == HtmlTag::Text; }
    QString attribute(QStringView name) const;
};

// An HTML page parsed with the WHATWG algorithm (gumbo) into a flat, bounded copy of its tree: comments are
// dropped, the page is cut where its markup nests deeper than MaxNesting (gumbo frees its tree recursively),
// and nodes beyond MaxNodes or deeper than MaxDepth are left out.
class HtmlDocument
{
public:
    static constexpr int MaxNodes = 400'000;
    static constexpr int MaxDepth = 400;
    static constexpr int MaxNesting = 20'000;

    static HtmlDocument parse(const QByteArray &utf8);

    const QList<HtmlNode> &nodes() const { return m_nodes; }
    const HtmlNode &node(int index) const { return m_nodes.at(index); }
    // The first element with `tag` in document order, or -1.
    int first(HtmlTag tag) const;
    bool truncated() const { return m_truncated; }

private:
    QList<HtmlNode> m_nodes; // m_nodes[0] is the document
    bool m_truncated = false;
};

} // namespace ades::web
