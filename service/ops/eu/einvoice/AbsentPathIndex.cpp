#include "AbsentPathIndex.h"

namespace ades::eu {

void AbsentPathIndex::add(int rule, const std::vector<Step> &steps, const QString &attribute)
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
    ++m_rules;
    if (attribute.isEmpty())
        m_nodes[size_t(node)].rules.push_back(rule);
    else
        m_nodes[size_t(node)].attributes.emplace_back(attribute, rule);
}

void AbsentPathIndex::collect(const XmlDocument &doc, int context, std::vector<unsigned char> &present) const
{
    visit(doc, context, 0, present);
}

void AbsentPathIndex::visit(
    const XmlDocument &doc, int element, int node, std::vector<unsigned char> &present) const
{
    const Node &n = m_nodes[size_t(node)];
    for (int rule : n.rules)
        present[size_t(rule)] = 1;
    for (const auto &[attribute, rule] : n.attributes) {
        if (doc.hasAttribute(element, attribute))
            present[size_t(rule)] = 1;
    }
    if (n.children.empty())
        return;
    for (int child : doc.childrenOf(element)) {
        const XmlElement &e = doc.element(child);
        for (const Edge &edge : n.children) {
            if (sameText(edge.name, e.name) && sameText(edge.ns, e.ns)) {
                visit(doc, child, edge.node, present);
                break;
            }
        }
    }
}

} // namespace ades::eu
