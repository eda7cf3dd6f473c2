#pragma once

#include "Operation.h"

#include <memory>
#include <optional>
#include <vector>

namespace ades {

// The one list of operations every channel, discovery document and console form is generated from.
// Filled once at start-up, then read-only and safe to share between threads.
class Catalog
{
public:
    struct Binding
    {
        const Operation *operation = nullptr;
        const Exposure *exposure = nullptr;
    };

    // Duplicate ids, routes or tool names are programming errors and abort (Q_ASSERT_X in debug, qFatal).
    void add(Operation operation);

    const Operation *find(const QString &id) const;
    std::optional<Binding> findTool(const QString &toolName) const;
    QList<Binding> bindings(Channel channel) const;
    QList<const Operation *> operations() const;

    // Loads a JSON Schema bundled as a Qt resource; a broken bundled schema is fatal at start-up.
    static QJsonObject loadSchema(const QString &resourcePath);

private:
    std::vector<std::unique_ptr<Operation>> m_operations;
};

} // namespace ades
