#pragma once

#include <QByteArray>
#include <QString>

namespace ades {

struct DiscoveryInputs;

// /llms.txt (llmstxt.org): a title, a one-paragraph summary and sections of links for a language model that
// has to use the service: how to pay, the MCP endpoint, the key and free channels, every operation with its
// paths, tool names and prices, and the other discovery documents.
class LlmsTxt
{
public:
    explicit LlmsTxt(const DiscoveryInputs &inputs);

    static QString path();
    const QByteArray &text() const { return m_text; }

private:
    QByteArray m_text;
};

} // namespace ades
