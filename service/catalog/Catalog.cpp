#include "Catalog.h"

#include <QFile>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace ades {

void Catalog::add(Operation operation)
{
    if (find(operation.id))
        qFatal("catalog: duplicate operation id %s", qPrintable(operation.id));
    for (const Exposure &e : std::as_const(operation.exposures)) {
        for (const auto &existing : m_operations) {
            for (const Exposure &other : std::as_const(existing->exposures)) {
                if (other.channel == e.channel && other.route == e.route && other.method == e.method
                    && !e.route.isEmpty())
                    qFatal("catalog: %s and %s share %s", qPrintable(existing->id), qPrintable(operation.id),
                        qPrintable(e.route));
            }
        }
    }
    m_operations.push_back(std::make_unique<Operation>(std::move(operation)));
}

const Operation *Catalog::find(const QString &id) const
{
    for (const auto &op : m_operations) {
        if (op->id == id)
            return op.get();
    }
    return nullptr;
}

std::optional<Catalog::Binding> Catalog::findTool(const QString &toolName) const
{
    for (const auto &op : m_operations) {
        for (const Exposure &e : std::as_const(op->exposures)) {
            if (e.channel == Channel::Mcp && e.route == toolName)
                return Binding { op.get(), &e };
        }
    }
    return std::nullopt;
}

QList<Catalog::Binding> Catalog::bindings(Channel channel) const
{
    QList<Binding> result;
    for (const auto &op : m_operations) {
        for (const Exposure &e : std::as_const(op->exposures)) {
            if (e.channel == channel)
                result.append(Binding { op.get(), &e });
        }
    }
    return result;
}

QList<const Operation *> Catalog::operations() const
{
    QList<const Operation *> result;
    result.reserve(qsizetype(m_operations.size()));
    for (const auto &op : m_operations)
        result.append(op.get());
    return result;
}

QJsonObject Catalog::loadSchema(const QString &resourcePath)
{
    QFile file(resourcePath);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("catalog: schema %s is missing", qPrintable(resourcePath));
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &error);
    if (!doc.isObject())
        qFatal("catalog: schema %s is not a JSON object: %s", qPrintable(resourcePath),
            qPrintable(error.errorString()));
    return doc.object();
}

} // namespace ades
