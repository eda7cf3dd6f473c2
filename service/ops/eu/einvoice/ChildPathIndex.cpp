#include "ChildPathIndex.h"

#include <algorithm>

namespace ades::eu {

namespace {

void increment(std::vector<unsigned char> &counts, int slot, std::vector<int> &touched)
{
    unsigned char &count = counts[size_t(slot)];
    if (count == 0)
        touched.push_back(slot);
    if (count < 255)
        ++count;
}

} // namespace

void ChildPathIndex::add(int slot, const std::vector<Step> &steps, const QString &attribute)
{
    int node = 0;
    for (const Step &step : steps) {
        int next = -1;
        for (const auto &[name, child] : m_nodes[size_t(node)].next) {
            if (m_nodes[size_t(child)].key == step.key) {
                next = child;
                break;
            }
        }
        if (next < 0) {
            next = int(m_nodes.size());
            m_nodes.emplace_back(); // may move the nodes: index again below, never keep a reference
            m_nodes[size_t(next)].key = step.key;
            m_nodes[size_t(next)].test = step.test;
            std::vector<std::pair<int, int>> &edges = m_nodes[size_t(node)].next;
            for (int name : step.names) {
                const std::pair<int, int> edge(name, next);
                edges.insert(std::lower_bound(edges.begin(), edges.end(), edge), edge);
            }
        }
        node = next;
    }
    ++m_paths;
    if (attribute.isEmpty())
        m_nodes[size_t(node)].slots.push_back(slot);
    else
        m_nodes[size_t(node)].attributes.emplace_back(attribute, slot);
}

struct ChildPathIndex::Walk
{
    const ChildPathIndex &index;
    const XmlDocument &doc;
    const std::vector<int> &nameIds;
    const StepTest &tests;
    std::vector<unsigned char> &counts;
    std::vector<int> &touched;

    void visit(int element, int node) const
    {
        const Node &n = index.m_nodes[size_t(node)];
        for (int slot : n.slots)
            increment(counts, slot, touched);
        for (const auto &[attribute, slot] : n.attributes) {
            if (doc.hasAttribute(element, attribute))
                increment(counts, slot, touched);
        }
        if (n.next.empty())
            return;
        for (int child : doc.childrenOf(element)) {
            const int name = nameIds[size_t(child)];
            if (name < 0)
                continue;
            // Usually one edge per name; two when different steps accept it (cac:InvoiceLine and
            // cac:InvoiceLine|cac:CreditNoteLine).
            auto edge = std::lower_bound(n.next.cbegin(), n.next.cend(), std::pair<int, int>(name, -1));
            for (; edge != n.next.cend() && edge->first == name; ++edge) {
                const int test = index.m_nodes[size_t(edge->second)].test;
                if (test < 0 || tests.accepts(child, test))
                    visit(child, edge->second);
            }
        }
    }
};

void ChildPathIndex::collect(const XmlDocument &doc, const std::vector<int> &nameIds, const StepTest &tests,
    int context, std::vector<unsigned char> &counts, std::vector<int> &touched) const
{
    Walk { *this, doc, nameIds, tests, counts, touched }.visit(context, 0);
}

} // namespace ades::eu
