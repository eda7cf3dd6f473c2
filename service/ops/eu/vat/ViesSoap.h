#pragma once

#include "ViesClient.h"

#include <QByteArray>
#include <QString>

namespace ades::eu {

// The legacy VIES SOAP service (checkVatService, SOAP 1.1 document/literal; ../shared/reference/eu-vat.md
// §2.2), used when the REST API fails. Builds the request and reads the answer; never decides.
class ViesSoap
{
public:
    static QString sourceId(); // "vies-soap"
    static UpstreamSource sourceDefaults();

    // checkVatApprox when a requester is named (it returns the consultation number), else checkVat.
    static QByteArray request(const QString &viesPrefix, const QString &number,
        const QString &requesterPrefix, const QString &requesterNumber);

    // The answer of either call, or the ServiceError of its fault (ViesClient::errorForCode). Parsed
    // namespace-aware (prefixes vary: env:/soap:, ns2:/urn:), without a DTD, within small size and depth
    // limits. A fault counts whatever the HTTP status (VIES sends them with 500 and with 200); a body that is
    // neither answer nor fault is vies_bad_response. Safe on any input (tests/fuzz/FuzzViesSoap.cpp).
    static Result<ViesAnswer> parse(const QByteArray &body, int httpStatus);
    static Result<ViesAnswer> parseResponse(const UpstreamResponse &response);
};

} // namespace ades::eu
