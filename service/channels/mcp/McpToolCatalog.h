#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace ades {
class Catalog;
struct Exposure;
struct Operation;
} // namespace ades

namespace ades::mcp {

// The MCP tools, generated once from the catalog's MCP exposures and checked against what MCP clients
// require (name grammar, object schemas, a handler). Only tools that passed are listed and callable; the
// rest are reported by document(). Immutable after construction; the catalog must outlive it.
class McpToolCatalog
{
public:
    struct Tool
    {
        QString name;
        QJsonObject definition; // the tools/list entry
        const Operation *operation = nullptr;
        const Exposure *exposure = nullptr;
    };
    struct Page
    {
        QJsonArray tools;
        QString nextCursor; // empty on the last page
    };

    static constexpr int DefaultPageSize = 50;

    explicit McpToolCatalog(const Catalog &catalog, int pageSize = DefaultPageSize);

    const QList<Tool> &tools() const { return m_tools; }
    const Tool *find(const QString &name) const;
    // The page a cursor points at (empty cursor: the first); nullopt for a cursor this server did not
    // issue or issued for another tool list.
    std::optional<Page> page(const QString &cursor) const;

    // /mcp-tools.json: every listed tool with its provenance, and the exposures that were refused.
    QJsonObject document(const QString &endpointUrl) const;

    static QJsonObject definition(const Operation &operation, const Exposure &exposure);
    // The operation's schema as this exposure presents it: wire names, channel defaults, 2020-12 dialect.
    static QJsonObject inputSchema(const Operation &operation, const Exposure &exposure);
    // Result with its receipt, or the docs/interface.md §7 error members, or (paid tools) the x402
    // PaymentRequired: clients validate structuredContent of error results against outputSchema too (the
    // SDK v1 Client does).
    static QJsonObject outputSchema(const Operation &operation, const Exposure &exposure);
    // Why a definition cannot be served to MCP clients; empty when it can.
    static QStringList problems(const QJsonObject &definition, const Operation &operation);
    // The call's arguments with the exposure's channel defaults filled in where absent.
    static QJsonObject withChannelDefaults(const Exposure &exposure, const QJsonObject &arguments);

private:
    QString cursorFor(int offset) const;

    QList<Tool> m_tools;
    QJsonArray m_refused;
    int m_pageSize;
    QByteArray m_fingerprint; // ties cursors to this exact tool list
};

} // namespace ades::mcp
