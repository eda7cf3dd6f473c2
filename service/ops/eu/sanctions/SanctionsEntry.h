#pragma once

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

namespace ades::eu {

// One spelling of a listed subject's name, as the list gives it.
struct NameVariant
{
    enum class Kind
    {
        Primary, // the display name
        Alias, // a.k.a. / name variation
        FormerName, // UN f.k.a.
        OriginalScript, // UN NAME_ORIGINAL_SCRIPT, UK NonLatinName
    };

    QString name;
    Kind kind = Kind::Alias;
    // ISO 639-1 language as the list gives it (EU nameLanguage), empty when unknown.
    QString language;
    // Weak aliases (UN "Low", UK "Low quality a.k.a", EU strong="false") only match exactly.
    bool weak = false;
};

// One regulation or act the entry was listed under (EU: every `regulation`; UN/UK: the regime).
struct Regulation
{
    QString numberTitle;
    QString programme;
    QString publicationDate;
    QString entryIntoForceDate;
    QString publicationUrl;
};

// One listed subject in the common shape of the three official lists.
struct SanctionsEntry
{
    enum class List
    {
        Eu,
        Un,
        Uk,
    };
    enum class SubjectType
    {
        Person,
        Entity,
        Ship,
    };

    List list = List::Eu;
    // EU euReferenceNumber, UN REFERENCE_NUMBER, UK UniqueID.
    QString reference;
    // EU logicalId, UN DATAID, UK OFSIGroupID.
    QString secondaryId;
    QString unReference;
    SubjectType subjectType = SubjectType::Person;
    QString programme;
    // Newest last; the hit reports the last one.
    QList<Regulation> regulations;
    QStringList countries;
    // ISO dates, partial dates ("1965", "1965-04") or ranges ("1960/1962") as the list gives them.
    QStringList birthDates;
    QList<NameVariant> names;
    QString listedOn;
    // The list file's generation date (ISO 8601), shared by every entry of one file.
    QString listDate;
    // EVM wallet addresses (0x + 40 hex digits, lower case) the list names for the subject. The lists carry
    // them only as free text (UK OtherInformation: "... the following crypto wallets ... ETH: 0x..."), so
    // they are what that text contains, not a field the list defines.
    QStringList walletAddresses;

    QString displayName() const;
    static QString listCode(List list); // "eu", "un", "uk"
    static QString subjectTypeCode(SubjectType type); // "person", "entity", "ship"
};

// The entries of one list file and the file's generation date.
struct SanctionsList
{
    QList<SanctionsEntry> entries;
    QString generationDate;
};

} // namespace ades::eu
