#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace ades::eu {

// One legal entity as an official register describes it, in the one shape every register maps into
// (../shared/reference/upstreams.md, "Normalized company record"). Null strings become JSON null: a field
// the register did not give is never guessed.
struct CompanyRecord
{
    // The normalized vocabulary. The register's own words stay in registerStatus.
    enum class Status
    {
        Active,
        InLiquidation,
        Bankrupt,
        Restructuring,
        Ceased,
        Unknown,
    };

    struct Address
    {
        QStringList lines; // street lines without postal code and city
        QString postalCode;
        QString city;
        QString country; // ISO 3166 alpha-2 where the register gives it
    };

    QString name; // current legal name
    QString number; // the register's own number, in its official form ("0112038-9", "0000028860")
    QString numberType; // "organisasjonsnummer", "IČO", "Y-tunnus", "KRS", "SIREN"
    Status status = Status::Unknown;
    QString registerStatus; // the register's own status words or codes that decided `status`
    QString legalFormCode;
    QString legalFormLabel;
    bool hasAddress = false;
    Address address;
    QString registrationDate; // ISO date of registration in that register
    QString foundedDate; // ISO date, where the register separates founding from registration
    QString ceasedDate; // ISO date the entity was struck off or ceased, where given
    QString taxId; // the register's tax number where it carries one (ARES DIČ, KRS NIP)
    QString sourceUrl; // the register's address of this record

    static QString statusName(Status status);
    QJsonObject toJson() const;
};

} // namespace ades::eu
