#include "ChildPathIndex.h"

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
        for (const Edge &edge : m_nodes[size_t(node)].children) {
            if (edge.name == step.name && edge.ns == step.ns) {
                next = edge.node;
                break;
            }
        }
        if (next < 0) {
            next = int(m_nodes.size());
            m_nodes[size_t(node)].children.push_back({ step.ns, step.name, next });
            m_nodes.emplace_back(); // may move the nodes: index again below, never keep a reference
        }
        node = next;
    }
    ++m_paths;
    if (attribute.isEmpty())
        m_nodes[size_t(node)].slots.push_back(slot);
    else
        m_nodes[size_t(node)].attributes.emplace_back(attribute, slot);
}

void ChildPathIndex::collect(
    const XmlDocument &doc, int context, std::vector<unsigned char> &counts, std::vector<int> &touched) const
{
    visit(doc, context, 0, counts, touched);
}

void ChildPathIndex::visit(const XmlDocument &doc, int element, int node, std::vector<unsigned char> &counts,
    std::vector<int> &touched) const
{
    const Node &n = m_nodes[size_t(node)];
    for (int slot : n.slots)
        increment(counts, slot, touched);
    for (const auto &[attribute, slot] : n.attributes) {
        if (doc.hasAttribute(element, attribute))
            increment(counts, slot, touched);
    }
    if (n.children.empty())
        return;
    for (int child : doc.childrenOf(element)) {
        const XmlElement &e = doc.element(child);
        for (const Edge &edge : n.children) {
            if (sameText(edge.name, e.name) && sameText(edge.ns, e.ns)) {
                visit(doc, child, edge.node, counts, touched);
                break;
            }
        }
    }
}

} // namespace ades::eu
