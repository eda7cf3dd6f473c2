#pragma once

#include "XmlDocument.h"

#include <QString>
#include <vector>

namespace ades::eu {

// The "should not be present" rows of a syntax binding table that name plain child paths (ram:A/ram:B,
// optionally ending in @attribute), gathered per context into one tree. A context element's subtree is
// walked once along that tree instead of once per row, so several hundred such rows cost about as much as
// a handful: the children of the context are compared with the tree's next names, and only the branches
// some row names are followed.
class AbsentPathIndex
{
public:
    struct Step
    {
        QString ns;
        QString name;
    };

    // Registers row `rule` (an index chosen by the caller): it holds when `steps` (children of children of
    // the context, exact names) select no element, or, with `attribute`, no element carrying it. Without
    // steps the attribute is the context element's own.
    void add(int rule, const std::vector<Step> &steps, const QString &attribute);
    bool empty() const { return m_rules == 0; }

    // Sets present[rule] for every registered row whose path selects something from `context`; `present`
    // must have room for every registered rule index.
    void collect(const XmlDocument &doc, int context, std::vector<unsigned char> &present) const;

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
        std::vector<int> rules; // rows whose path ends at this element
        std::vector<std::pair<QString, int>> attributes; // rows whose path ends at an attribute of it
    };
    std::vector<Node> m_nodes = std::vector<Node>(1); // m_nodes[0] stands for the context element
    int m_rules = 0;

    void visit(const XmlDocument &doc, int element, int node, std::vector<unsigned char> &present) const;
};

} // namespace ades::eu
