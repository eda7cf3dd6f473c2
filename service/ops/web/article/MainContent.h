#pragma once

#include "HtmlDocument.h"

#include <QList>

namespace ades::web {

// How much text each node holds, computed in two linear passes over the document (no recursion).
struct TextStats
{
    QList<bool> excluded; // the node is invisible, or furniture that does not hold most of the page's prose
    QList<int> text; // visible non-space characters in the subtree
    QList<int> link; // of those, inside links
    QList<int> prose; // of those, in prose paragraphs (see MainContent)
    QList<int> ownText; // for a block element: the characters of its own inline content
    QList<int> ownLink;
    QList<bool> proseBlock; // a block element whose own inline content is a prose paragraph
};

// Finds the main content of a page: the element whose subtree holds the most prose paragraphs for the
// least other text. A prose paragraph is a block's own inline text that reads as sentences: long enough, or
// ending like a sentence, and not mostly link text. Furniture declared by markup is set aside unless it holds
// most of the page's prose (a page wrapped in one <form>, a <body class="... comments-open">).
class MainContent
{
public:
    explicit MainContent(const HtmlDocument &document);

    const TextStats &stats() const { return m_stats; }
    // The chosen element, or -1 when the page holds no visible text.
    int root() const { return m_root; }

private:
    void measure(const QList<bool> &excluded);

    const HtmlDocument &m_document;
    TextStats m_stats;
    int m_root = -1;
};

} // namespace ades::web
