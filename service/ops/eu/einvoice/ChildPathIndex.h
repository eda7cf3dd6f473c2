#pragma once

#include "XmlDocument.h"

#include <QString>
#include <utility>
#include <vector>

namespace ades::eu {

// The rows of a syntax binding table that count what a plain child path selects ("should not be present",
// "at most once", "exactly once" over ram:A/ram:B or cac:InvoiceLine|cac:CreditNoteLine/cbc:UUID, optionally
// ending in @attribute), gathered per context into one tree. A context element's subtree is walked once
// along that tree instead of once per row, so several hundred such rows cost about as much as a handful:
// the children of the context are compared with the tree's next names, and only the branches some row
// names are followed.
//
// Names are compared as integers: the caller numbers every (namespace, local name) the steps use and gives
// the walk each element's number (-1 for a name no step uses), worked out once per document.
class ChildPathIndex
{
public:
    struct Step
    {
        std::vector<int> names; // the caller's numbers of the names the step accepts (alternatives a|b)
        QString key; // the step as written: equal steps of different rows share a node of the tree
        int test = -1; // the caller's number of the predicates the element must also satisfy, or -1
    };

    // Tests a step's predicates (the `test` given to add()) on an element the step's name accepted.
    class StepTest
    {
    public:
        virtual bool accepts(int element, int test) const = 0;

    protected:
        ~StepTest() = default;
    };

    // Registers path `slot` (an index chosen by the caller; a slot registered with several paths counts what
    // they select together): children of children of the context, optionally ending in an attribute the
    // last element must carry. Without steps the attribute is the context element's own.
    void add(int slot, const std::vector<Step> &steps, const QString &attribute);
    bool empty() const { return m_paths == 0; }

    // Sets counts[slot] to how many nodes each registered path selects from `context`, saturating at 255,
    // and appends to `touched` every slot it raised from zero (so the caller can look at and reset only
    // those); `counts` must hold a zero for every registered slot. `nameIds` holds each element's name
    // number.
    void collect(const XmlDocument &doc, const std::vector<int> &nameIds, const StepTest &tests, int context,
        std::vector<unsigned char> &counts, std::vector<int> &touched) const;

private:
    struct Node
    {
        QString key;
        int test = -1;
        std::vector<std::pair<int, int>> next; // (name number, child node), sorted: what the walk reads
        std::vector<int> slots; // paths that end at this element
        std::vector<std::pair<QString, int>> attributes; // paths that end at an attribute of it
    };
    std::vector<Node> m_nodes = std::vector<Node>(1); // m_nodes[0] stands for the context element
    int m_paths = 0;

    struct Walk;
};

} // namespace ades::eu
