#pragma once

#include "core/Result.h"

#include <QJsonObject>
#include <QMap>
#include <QString>
#include <optional>

namespace ades::us {

// The product and route facts of a US import readiness request (docs/interface.md §2.2), read once and
// normalized: the same for the free check, the paid call and every channel, so their fingerprints agree.
// Pure and synchronous.
struct ImportInput
{
    enum class Answer
    {
        No,
        Yes,
        Unknown,
    };

    QString dispatchCountry; // DE or AT
    QString destinationCountry; // US
    QString countryOfOrigin;
    QString htsCode; // digits only; empty: not declared
    QString productName; // whitespace simplified
    QString productDescription;
    QString materialOrComposition;
    QString intendedUse;
    QString brand;
    QString model;
    QString gtin;
    QString customsValueUsd; // as given: digits, optionally '.' and 1 or 2 digits
    qint64 customsValueCents = 0;
    int quantity = 0;
    QString importerUse;
    QString merchantForwardingPolicy;
    QMap<QString, Answer> riskAnswers; // every member of RiskMembers
    // "sha256:" + hex of the canonical normalized input (job fields excluded).
    QString fingerprint;

    // The eleven members of risk_answers, in the order of docs/interface.md §2.2.
    static const QStringList &riskMembers();
    static QString answerName(Answer answer); // "yes", "no", "unknown"

    // What JSON Schema cannot say (Operation::check of every US import operation, before any quota or
    // payment): a real ISO 3166 country of origin, a GTIN with its check digit. 422 naming the field.
    static std::optional<ServiceError> problem(const QJsonObject &arguments);
    // The arguments, already valid against schemas/us.import.in.json, as this struct.
    static ImportInput read(const QJsonObject &arguments);
    // The normalized facts as a JSON object (the fingerprint's canonical form and the dossier's `product`).
    QJsonObject normalized() const;
};

} // namespace ades::us
