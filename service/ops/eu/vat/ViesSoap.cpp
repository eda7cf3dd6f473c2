#include "ViesSoap.h"

#include "ops/eu/einvoice/XmlDocument.h"

#include <QXmlStreamWriter>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

constexpr QStringView EnvelopeNs = u"http://schemas.xmlsoap.org/soap/envelope/";
constexpr QStringView TypesNs = u"urn:ec.europa.eu:taxud:vies:services:checkVat:types";
constexpr QStringView NotDisclosed = u"---";

ServiceError badResponse(const QString &why, int httpStatus)
{
    return ServiceError(ServiceError::Kind::Unavailable, u"vies_bad_response"_s,
        u"The EU VIES SOAP service sent an unusable answer (HTTP %1): %2. Retry later."_s.arg(httpStatus)
            .arg(why))
        .setRetryable(true)
        .setMissing({ ViesClient::sourceId() });
}

// "---" is VIES' placeholder for data the member state does not disclose, as in the REST answers.
QString disclosed(const QString &text)
{
    const QString trimmed = text.trimmed();
    return trimmed.isEmpty() || trimmed == NotDisclosed ? QString() : trimmed;
}

// SOAP match codes (1 valid, 2 invalid, 3 not processed) in the REST API's words.
QString matchName(const QString &code)
{
    const QString c = code.trimmed();
    if (c == u"1"_s)
        return u"VALID"_s;
    if (c == u"2"_s)
        return u"INVALID"_s;
    if (c == u"3"_s)
        return u"NOT_PROCESSED"_s;
    return {};
}

} // namespace

QString ViesSoap::sourceId()
{
    return u"vies-soap"_s;
}

UpstreamSource ViesSoap::sourceDefaults()
{
    UpstreamSource source;
    source.id = sourceId();
    source.name = u"EU VIES SOAP service (European Commission)"_s;
    // The WSDL still says http; the service answers on https.
    source.baseUrl = QUrl(u"https://ec.europa.eu/taxation_customs/vies/services/checkVatService"_s);
    source.timeoutMs = 10000;
    // The service's own gate (vies/max_concurrent, up to 100) bounds VIES traffic, not the HTTP client.
    source.maxConnections = 100;
    return source;
}

QByteArray ViesSoap::request(const QString &viesPrefix, const QString &number, const QString &requesterPrefix,
    const QString &requesterNumber)
{
    QByteArray out;
    QXmlStreamWriter xml(&out);
    xml.writeStartDocument();
    xml.writeNamespace(EnvelopeNs.toString(), u"soapenv"_s);
    xml.writeNamespace(TypesNs.toString(), u"urn"_s);
    xml.writeStartElement(EnvelopeNs.toString(), u"Envelope"_s);
    xml.writeEmptyElement(EnvelopeNs.toString(), u"Header"_s);
    xml.writeStartElement(EnvelopeNs.toString(), u"Body"_s);
    const bool approx = !requesterPrefix.isEmpty();
    xml.writeStartElement(TypesNs.toString(), approx ? u"checkVatApprox"_s : u"checkVat"_s);
    xml.writeTextElement(TypesNs.toString(), u"countryCode"_s, viesPrefix);
    xml.writeTextElement(TypesNs.toString(), u"vatNumber"_s, number);
    if (approx) {
        // SOAP names, not the REST ones (requesterMemberStateCode/requesterNumber).
        xml.writeTextElement(TypesNs.toString(), u"requesterCountryCode"_s, requesterPrefix);
        xml.writeTextElement(TypesNs.toString(), u"requesterVatNumber"_s, requesterNumber);
    }
    xml.writeEndElement();
    xml.writeEndElement();
    xml.writeEndElement();
    xml.writeEndDocument();
    return out;
}

Result<ViesAnswer> ViesSoap::parseResponse(const UpstreamResponse &response)
{
    Result<ViesAnswer> parsed = parse(response.body, response.httpStatus);
    if (!parsed.ok())
        return parsed;
    ViesAnswer answer = parsed.value();
    answer.snapshot = response.snapshot;
    return answer;
}

Result<ViesAnswer> ViesSoap::parse(const QByteArray &body, int httpStatus)
{
    // A VIES answer is a few hundred bytes of flat XML: anything far beyond is not one.
    XmlLimits limits;
    limits.maxBytes = 256 * 1024;
    limits.maxDepth = 16;
    limits.maxElements = 500;
    limits.maxAttributes = 32;
    const Result<XmlDocument> parsed = XmlDocument::parse(body, limits);
    if (!parsed.ok())
        return badResponse(u"not XML (%1)"_s.arg(parsed.error().message()), httpStatus);
    const XmlDocument &doc = parsed.value();
    const int root = doc.root();
    if (root < 0 || doc.element(root).ns != EnvelopeNs || doc.element(root).name != u"Envelope"_s)
        return badResponse(u"no SOAP 1.1 envelope"_s, httpStatus);
    const int soapBody = doc.child(root, EnvelopeNs, u"Body");
    if (soapBody < 0 || doc.childrenOf(soapBody).empty())
        return badResponse(u"an empty SOAP body"_s, httpStatus);

    const int content = doc.childrenOf(soapBody).front();
    const XmlElement &payload = doc.element(content);
    if (payload.ns == EnvelopeNs && payload.name == u"Fault"_s) {
        // faultstring is unqualified in SOAP 1.1; its text is the VIES code (MS_UNAVAILABLE ...).
        const int faultString = doc.child(content, u"", u"faultstring");
        const QString code = faultString < 0 ? QString() : doc.element(faultString).text.trimmed().toUpper();
        return ViesClient::errorForCode(code);
    }
    if (payload.ns != TypesNs
        || (payload.name != u"checkVatResponse"_s && payload.name != u"checkVatApproxResponse"_s))
        return badResponse(u"neither a checkVat answer nor a fault"_s, httpStatus);

    const auto text = [&doc, content](QStringView name) {
        const int e = doc.child(content, TypesNs, name);
        return e < 0 ? QString() : doc.element(e).text;
    };
    const QString valid = text(u"valid").trimmed();
    if (valid != u"true"_s && valid != u"false"_s && valid != u"1"_s && valid != u"0"_s)
        return badResponse(u"no valid element"_s, httpStatus);

    ViesAnswer answer;
    answer.endpoint = u"soap"_s;
    answer.countryCode = text(u"countryCode").trimmed();
    answer.vatNumber = text(u"vatNumber").trimmed();
    answer.valid = valid == u"true"_s || valid == u"1"_s;
    // xsd:date with a zone ("2026-11-20+01:00"): a day, not a moment, so requestDate stays invalid and the
    // caller stamps its own time; the text is kept as VIES wrote it.
    answer.requestDateText = text(u"requestDate").trimmed();
    if (payload.name == u"checkVatResponse"_s) {
        answer.name = disclosed(text(u"name"));
        answer.address = disclosed(text(u"address"));
    } else {
        answer.name = disclosed(text(u"traderName"));
        answer.address = disclosed(text(u"traderAddress"));
        if (answer.address.isNull()) {
            // A qualified answer may give the address in parts instead.
            QStringList parts;
            for (QStringView part : { u"traderStreet", u"traderPostcode", u"traderCity" }) {
                const QString value = disclosed(text(part));
                if (!value.isNull())
                    parts << value;
            }
            if (!parts.isEmpty())
                answer.address = parts.join(u'\n');
        }
        const QString identifier = text(u"requestIdentifier").trimmed();
        if (!identifier.isEmpty())
            answer.requestIdentifier = identifier;
        static const std::pair<const char16_t *, const char16_t *> matchFields[] = {
            { u"traderNameMatch", u"name" },
            { u"traderStreetMatch", u"street" },
            { u"traderPostcodeMatch", u"postal_code" },
            { u"traderCityMatch", u"city" },
            { u"traderCompanyTypeMatch", u"company_type" },
        };
        for (const auto &[wire, ours] : matchFields) {
            const QString value = matchName(text(QStringView(wire)));
            if (!value.isEmpty())
                answer.traderMatches.insert(QString::fromUtf16(ours), value);
        }
    }
    answer.httpStatus = httpStatus;
    return answer;
}

} // namespace ades::eu
