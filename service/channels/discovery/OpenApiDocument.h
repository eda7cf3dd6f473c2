#pragma once

#include <QJsonObject>

namespace ades {

class ServiceContext;

// OpenAPI 3.1 of every HTTP exposure in the catalog: paths, parameters from the input schema (path
// placeholders, query members) or the JSON body, the result schema, price and error responses.
QJsonObject buildOpenApiDocument(const ServiceContext &context);

} // namespace ades
