#include "JsonShape.h"

namespace ades::chain {

QJsonObject jsonShape(std::initializer_list<QString> keys)
{
    QJsonObject shape;
    for (const QString &key : keys)
        shape.insert(key, QJsonValue());
    return shape;
}

} // namespace ades::chain
