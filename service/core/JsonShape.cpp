#include "JsonShape.h"

namespace ades {

QJsonObject jsonShape(std::initializer_list<QString> keys)
{
    QJsonObject shape;
    for (const QString &key : keys)
        shape.insert(key, QJsonValue());
    return shape;
}

QJsonObject jsonShape(const QStringList &keys)
{
    QJsonObject shape;
    for (const QString &key : keys)
        shape.insert(key, QJsonValue());
    return shape;
}

} // namespace ades
