#pragma once

#include "payments/X402Networks.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <functional>

namespace ades {

class Catalog;

// What an area's document is generated from: the catalog and the addresses and payment networks the
// discovery channel serves. Read while the document is built; nothing keeps a reference to it.
struct AreaDocumentInputs
{
    const Catalog &catalog;
    QString baseUrl; // service/public_url, without a trailing slash
    QString mcpUrl;
    QList<x402::X402Network> paymentNetworks; // offered now, in the order of x402/networks
};

// A document an area publishes beside the service's discovery documents (/api/v1/models,
// /agentllm/quickstart.json): a free GET served by the discovery channel, generated once from the catalog
// when the service first answers, and listed in /openapi.json like the channel's own documents.
struct AreaDocument
{
    QString path;
    QByteArray mediaType; // "application/json", "text/markdown; charset=utf-8"
    QString summary; // one line for OpenAPI
    QJsonObject responseSchema; // for OpenAPI; empty: any
    std::function<QByteArray(const AreaDocumentInputs &inputs)> build;
};

} // namespace ades
