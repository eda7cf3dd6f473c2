#include "MainContent.h"

#include "BoilerplateRules.h"

#include <QStringList>

using namespace Qt::StringLiterals;

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
// A heading at least this much link text is a headline pointing to another page.
constexpr double LinkedHeadingShare = 0.6;
// A teaser card: at most this many visible characters, within this many levels above its linked heading.
constexpr int MaxCardLength = 700;
constexpr int CardLevels = 3;
// A caption: at most this many visible characters around an image.
constexpr int MaxCaptionLength = 300;
// Prose is written in letters: markup shown as text, numbers and symbols are not.
constexpr double MinLetterShare = 0.5;
// The declared article body wins when it holds at least this share of the chosen element's prose.
constexpr double DeclaredBodyShare = 0.5;
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

int visibleLength(const QString &text, int &letters)
{
    int n = 0;
    for (const QChar c : text) {
        if (c.isSpace())
            continue;
        ++n;
        letters += c.isLetter() ? 1 : 0;
    }
    return n;
}

// A teaser's excerpt is cut off with an ellipsis; an article's paragraph ends its sentence.
bool endsWithEllipsis(const QString &text)
{
    QStringView view = QStringView(text).trimmed();
    return view.endsWith(u"...") || view.endsWith(u'\u2026');
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
        invisible[i] = roles.at(i) == ElementRole::Invisible || roles.at(i) == ElementRole::Hidden
            || (parent > 0 && invisible.at(parent));
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
    // The publisher's own declaration of the article body (schema.org microdata) is believed when it holds
    // most of the prose the scoring found: it is exact where the scoring's element includes a byline or
    // a teaser list beside the text.
    int declared = -1;
    for (qsizetype i = 1; i < count; ++i) {
        if (nodes.at(i).isText() || m_stats.excluded.at(i)
            || !nodes.at(i).attribute(u"itemprop").split(u' ').contains(u"articleBody"_s))
            continue;
        if (declared < 0 || m_stats.prose.at(i) > m_stats.prose.at(declared))
            declared = int(i);
    }
    if (declared > 0 && m_root > 0
        && m_stats.prose.at(declared) >= DeclaredBodyShare * m_stats.prose.at(m_root))
        m_root = declared;
    // Text the page hides from its readers never becomes the article, even when declared as its body: what
    // a reader cannot see is no evidence of what the page says, and it is where an injection would hide.
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
    QList<int> link(count, -1); // the link a node is in
    QList<int> ownLetters(count, 0);
    QList<int> firstText(count, -1); // a block's first visible text node
    QList<int> lastText(count, -1);
    for (qsizetype i = 1; i < count; ++i) {
        const HtmlNode &node = nodes.at(i);
        const int parent = node.parent;
        owner[i] = BoilerplateRules::isBlock(node.tag) ? int(i) : owner.at(parent);
        // In-page anchors ("#section") do not lead away from the text.
        const bool leaves = node.tag == HtmlTag::A && !node.attribute(u"href").trimmed().startsWith(u'#')
            && !node.attribute(u"href").isEmpty();
        link[i] = leaves ? int(i) : link.at(parent);
        if (!node.isText() || excluded.at(i))
            continue;
        int letters = 0;
        const int length = visibleLength(node.text, letters);
        if (length == 0)
            continue;
        m_stats.text[i] = length;
        m_stats.link[i] = link.at(i) >= 0 ? length : 0;
        const int block = owner.at(i);
        m_stats.ownText[block] += length;
        m_stats.ownLink[block] += m_stats.link.at(i);
        ownLetters[block] += letters;
        if (firstText.at(block) < 0)
            firstText[block] = int(i);
        lastText[block] = int(i);
    }
    for (qsizetype i = count - 1; i > 0; --i) {
        if (!excluded.at(i))
            m_stats.text[nodes.at(i).parent] += m_stats.text.at(i);
    }
    // Teaser cards: a small element holding a heading that is a link (a headline pointing elsewhere) is a
    // teaser for another page, and its description is not this page's prose.
    QList<bool> card(count, false);
    for (qsizetype i = 1; i < count; ++i) {
        const int own = m_stats.ownText.at(i);
        if (own == 0 || excluded.at(i) || BoilerplateRules::headingLevel(nodes.at(i).tag) == 0
            || m_stats.ownLink.at(i) < LinkedHeadingShare * own)
            continue;
        int ancestor = nodes.at(i).parent;
        for (int level = 0; level < CardLevels && ancestor > 0;
             ++level, ancestor = nodes.at(ancestor).parent) {
            if (m_stats.text.at(ancestor) > MaxCardLength)
                break;
            card[ancestor] = true;
        }
    }
    // Captions: the text of a small element around an image describes the image, not the story.
    for (qsizetype i = 1; i < count; ++i) {
        const HtmlTag tag = nodes.at(i).tag;
        if (excluded.at(i) || (tag != HtmlTag::Img && tag != HtmlTag::Picture && tag != HtmlTag::Figure))
            continue;
        int ancestor = nodes.at(i).parent;
        for (int level = 0; level < CardLevels && ancestor > 0;
             ++level, ancestor = nodes.at(ancestor).parent) {
            if (m_stats.text.at(ancestor) > MaxCaptionLength)
                break;
            card[ancestor] = true;
        }
    }
    for (qsizetype i = 1; i < count; ++i) {
        const int own = m_stats.ownText.at(i);
        if (own == 0 || excluded.at(i) || BoilerplateRules::headingLevel(nodes.at(i).tag) > 0)
            continue;
        const QString &tail = nodes.at(lastText.at(i)).text;
        if ((own <= MaxCaptionLength && endsWithEllipsis(tail)) || ownLetters.at(i) < MinLetterShare * own)
            continue;
        bool inCard = false;
        int ancestor = int(i);
        for (int level = 0; level <= CardLevels && ancestor > 0 && !inCard;
             ++level, ancestor = nodes.at(ancestor).parent)
            inCard = card.at(ancestor);
        if (inCard)
            continue;
        const bool sentences = own >= ProseLength || (own >= ShortProseLength && endsLikeSentence(tail));
        if (sentences && m_stats.ownLink.at(i) <= ProseMaxLinkShare * own) {
            m_stats.proseBlock[i] = true;
            m_stats.prose[i] = own;
        }
    }
    for (qsizetype i = count - 1; i > 0; --i) {
        const int parent = nodes.at(i).parent;
        if (excluded.at(i))
            continue;
        m_stats.link[parent] += m_stats.link.at(i);
        m_stats.prose[parent] += m_stats.prose.at(i);
    }
}

} // namespace ades::web
