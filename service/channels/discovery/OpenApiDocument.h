#pragma once

#include <QJsonObject>

namespace ades {

struct DiscoveryInputs;
struct Operation;

// /openapi.json: OpenAPI 3.1 of every HTTP route. The catalog's exposures on the x402, key and free
// channels give paths, parameters and bodies (as CatalogRoutes decodes them: path placeholders, query for
// GET, JSON, raw or multipart body for POST, wire names), result schemas, prices and the error answers of
// their channel; the channels' documented routes give the fixed paths (health, signup, MCP, discovery).
class OpenApiDocument
{
public:
    explicit OpenApiDocument(const DiscoveryInputs &inputs);

    static QString path();
    const QJsonObject &json() const { return m_document; }

    // JSON pointers into the document, for references from the other discovery documents.
    static QString inputSchemaPointer(const Operation &operation);
    static QString resultSchemaPointer(const Operation &operation);

private:
    QJsonObject m_document;
};

} // namespace ades
