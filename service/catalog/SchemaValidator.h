#pragma once

#include "core/ServiceError.h"

#include <QJsonObject>
#include <QJsonValue>
#include <optional>

namespace ades {

// Validates JSON values against the subset of JSON Schema 2020-12 that ADES's schemas need: type, properties,
// required, additionalProperties, enum, const, pattern, minLength/maxLength, minimum/maximum (and the
// exclusive forms), items, minItems/maxItems, oneOf, anyOf. The first violation becomes a 422 whose `param`
// is the JSON path of the field at fault ("risk_answers.battery", "messages[2].role"); an anyOf whose
// alternatives each require members fails as missing_field "at least one of a, b is required".
class SchemaValidator
{
public:
    static std::optional<ServiceError> validate(const QJsonObject &schema, const QJsonValue &value);

    // Fills in `default` values of missing top-level properties (MCP and query arguments rely on them).
    // Moved-in arguments are filled in place: a shared object would be copied whole, a document with it.
    static QJsonObject withDefaults(const QJsonObject &schema, QJsonObject arguments);
};

} // namespace ades
