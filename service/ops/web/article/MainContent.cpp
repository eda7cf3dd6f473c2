#include "MainContent.h"

#include "BoilerplateRules.h"

namespace ades::web {

namespace {

// A paragraph of prose: at least this many visible characters, or fewer ending in sentence punctuation.
constexpr int ProseLength = 70;
constexpr int ShortProseLength = 20;
// Above this share of link text a block is a list of links, not prose.
constexpr double ProseMaxLinkShare = 0.3;
// Weight of non-prose text against prose when choosing the main element: each character of other text
// costs this fraction of a prose character.
constexpr double OtherTextCost = 0.25;
// Furniture markup is overruled when the element holds at least this share of the page's prose.
constexpr double FurnitureProseShare = 0.5;

bool endsLikeSentence(const QString &text)
{
    for (qsizetype i = text.size() - 1; i >= 0; --i) {
        const QChar c = text.at(i);
        if (c.isSpace() || c == u'"' || c == u'\u201d' || c == u'\u2019' || c == u')' || c == u'\'')
            continue;
        return c == u'.' || c == u'!' || c == u'?' || c == u':' || c == u'\u3002' || c == u'\uff01'
            || c == u'\uff1f';
    }
    return false;
}

int visibleLength(const QString &text)
{
    int n = 0;
    for (const QChar c : text)
        n += c.isSpace() ? 0 : 1;
    return n;
}

} // namespace

MainContent::MainContent(const HtmlDocument &document)
    : m_document(document)
{
    const QList<HtmlNode> &nodes = document.nodes();
    const qsizetype count = nodes.size();
    QList<ElementRole> roles(count, ElementRole::Content);
    QList<bool> invisible(count, false);
    for (qsizetype i = 1; i < count; ++i) {
        const HtmlNode &node = nodes.at(i);
        if (node.isText())
            continue;
        roles[i] = BoilerplateRules::classify(node);
    }
    // First pass: only what is never shown is left out, so the prose each element holds is known before
    // furniture markup is believed.
    for (qsizetype i = 1; i < count; ++i) {
        const int parent = nodes.at(i).parent;
        invisible[i] = roles.at(i) == ElementRole::Invisible || (parent > 0 && invisible.at(parent));
    }
    measure(invisible);
    const int pageProse = m_stats.prose.value(0);
    QList<bool> excluded = invisible;
    for (qsizetype i = 1; i < count; ++i) {
        const int parent = nodes.at(i).parent;
        if (parent > 0 && excluded.at(parent)) {
            excluded[i] = true;
            continue;
        }
        if (roles.at(i) == ElementRole::Boilerplate
            && !(pageProse > 0 && m_stats.prose.at(i) >= FurnitureProseShare * pageProse))
            excluded[i] = true;
    }
    measure(excluded);

    double best = 0;
    for (qsizetype i = 1; i < count; ++i) {
        if (nodes.at(i).isText() || m_stats.excluded.at(i))
            continue;
        const double prose = m_stats.prose.at(i);
        const double score = prose - OtherTextCost * (m_stats.text.at(i) - prose);
        if (score > best) {
            best = score;
            m_root = int(i);
        }
    }
    if (m_root < 0) {
        // No prose at all: the body's visible text, if any.
        const int body = document.first(HtmlTag::Body);
        if (body > 0 && m_stats.text.at(body) > 0)
            m_root = body;
    }
}

void MainContent::measure(const QList<bool> &excluded)
{
    const QList<HtmlNode> &nodes = m_document.nodes();
    const qsizetype count = nodes.size();
    m_stats.excluded = excluded;
    m_stats.text.fill(0, count);
    m_stats.link.fill(0, count);
    m_stats.prose.fill(0, count);
    m_stats.ownText.fill(0, count);
    m_stats.ownLink.fill(0, count);
    m_stats.proseBlock.fill(false, count);
    QList<int> owner(count, 0); // nearest block element
    QList<bool> inLink(count, false);
    QList<QString> ownTail(count); // the last characters of a block's own text, for its punctuation
    for (qsizetype i = 1; i < count; ++i) {
        const HtmlNode &node = nodes.at(i);
        const int parent = node.parent;
        owner[i] = BoilerplateRules::isBlock(node.tag) ? int(i) : owner.at(parent);
        inLink[i] = node.tag == HtmlTag::A || inLink.at(parent);
        if (!node.isText() || excluded.at(i))
            continue;
        const int length = visibleLength(node.text);
        if (length == 0)
            continue;
        m_stats.text[i] = length;
        m_stats.link[i] = inLink.at(i) ? length : 0;
        const int block = owner.at(i);
        m_stats.ownText[block] += length;
        m_stats.ownLink[block] += m_stats.link.at(i);
        ownTail[block] = node.text;
    }
    for (qsizetype i = 1; i < count; ++i) {
        const int own = m_stats.ownText.at(i);
        if (own == 0 || excluded.at(i) || BoilerplateRules::headingLevel(nodes.at(i).tag) > 0)
            continue;
        const bool sentences
            = own >= ProseLength || (own >= ShortProseLength && endsLikeSentence(ownTail.at(i)));
        if (sentences && m_stats.ownLink.at(i) <= ProseMaxLinkShare * own) {
            m_stats.proseBlock[i] = true;
            m_stats.prose[i] = own;
        }
    }
    for (qsizetype i = count - 1; i > 0; --i) {
        const int parent = nodes.at(i).parent;
        if (excluded.at(i))
            continue;
        m_stats.text[parent] += m_stats.text.at(i);
        m_stats.link[parent] += m_stats.link.at(i);
        m_stats.prose[parent] += m_stats.prose.at(i);
    }
}

} // namespace ades::web
