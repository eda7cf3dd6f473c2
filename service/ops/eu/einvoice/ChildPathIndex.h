#pragma once

#include "XmlDocument.h"

#include <QString>
#include <vector>

namespace ades::eu {

// The rows of a syntax binding table that count what a plain child path selects ("should not be present",
// "at most once", "exactly once" over ram:A/ram:B, optionally ending in @attribute), gathered per context
// into one tree. A context element's subtree is walked once along that tree instead of once per row, so
// several hundred such rows cost about as much as a handful: the children of the context are compared with
// the tree's next names, and only the branches some row names are followed.
class ChildPathIndex
{
public:
    struct Step
    {
        QString ns;
        QString name;
    };

    // Registers path `slot` (an index chosen by the caller): children of children of the context with
    // exact names, optionally ending in an attribute the last element must carry. Without steps the
    // attribute is the context element's own.
    void add(int slot, const std::vector<Step> &steps, const QString &attribute);
    bool empty() const { return m_paths == 0; }

    // Sets counts[slot] to how many nodes each registered path selects from `context`, saturating at 255,
    // and appends to `touched` every slot it raised from zero (so the caller can look at and reset only
    // those); `counts` must hold a zero for every registered slot.
    void collect(const XmlDocument &doc, int context, std::vector<unsigned char> &counts,
        std::vector<int> &touched) const;

private:
    struct Edge
    {
        QString ns;
        QString name;
        int node = 0;
    };
    struct Node
    {
        std::vector<Edge> children;
        std::vector<int> slots; // paths that end at this element
        std::vector<std::pair<QString, int>> attributes; // paths that end at an attribute of it
    };
    std::vector<Node> m_nodes = std::vector<Node>(1); // m_nodes[0] stands for the context element
    int m_paths = 0;

    void visit(const XmlDocument &doc, int element, int node, std::vector<unsigned char> &counts,
        std::vector<int> &touched) const;
};

} // namespace ades::eu
