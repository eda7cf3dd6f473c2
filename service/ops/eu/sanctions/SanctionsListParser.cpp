#include "SanctionsListParser.h"

#include "GzipReader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QXmlStreamReader>
#include <algorithm>
#include <optional>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

ServiceError listError(const QString &code, const QString &message)
{
    return ServiceError::unprocessable(code, message, u"file"_s);
}

QByteArray headOf(const QByteArray &data)
{
    return data.left(2048).trimmed().toLower();
}

// An HTML page or a JSON error body served instead of the list (the EU endpoint does both).
std::optional<ServiceError> notAList(const QByteArray &data, const QString &what)
{
    const QByteArray head = headOf(data);
    if (head.isEmpty())
        return listError(u"list_empty"_s, what + u" file is empty"_s);
    if (head.startsWith("<!doctype html") || head.startsWith("<html") || head.contains("<html"))
        return listError(u"list_is_html"_s, what + u" file is an HTML page, not the list (an error page?)"_s);
    if (head.startsWith('{') || head.startsWith('['))
        return listError(u"list_not_xml"_s, what + u" file is JSON, not the XML list (an error body?)"_s);
    return std::nullopt;
}

ServiceError xmlError(const QXmlStreamReader &xml, const QString &what)
{
    return listError(u"list_malformed"_s,
        u"%1 XML is malformed at line %2: %3"_s.arg(what).arg(xml.lineNumber()).arg(xml.errorString()));
}

QString simplified(const QString &s)
{
    return s.simplified();
}

void appendUnique(QStringList &list, const QString &value)
{
    const QString v = value.simplified();
    if (!v.isEmpty() && !list.contains(v))
        list.append(v);
}

void addName(SanctionsEntry &entry, const QString &name, NameVariant::Kind kind, const QString &language = {},
    bool weak = false)
{
    const QString n = simplified(name);
    if (n.isEmpty())
        return;
    for (const NameVariant &existing : std::as_const(entry.names))
        if (existing.name == n && existing.kind == kind)
            return;
    entry.names.append(NameVariant { n, kind, language, weak });
}

// Reads every VALUE child of the current element.
QStringList readValues(QXmlStreamReader &xml)
{
    QStringList values;
    while (xml.readNextStartElement()) {
        if (xml.name() == u"VALUE")
            appendUnique(values, xml.readElementText(QXmlStreamReader::IncludeChildElements));
        else
            xml.skipCurrentElement();
    }
    return values;
}

// Children of the current element as name -> text (last wins), for flat records.
QHash<QString, QString> readFlat(QXmlStreamReader &xml)
{
    QHash<QString, QString> fields;
    while (xml.readNextStartElement())
        fields.insert(
            xml.name().toString(), xml.readElementText(QXmlStreamReader::IncludeChildElements).trimmed());
    return fields;
}

void readUnRecord(QXmlStreamReader &xml, SanctionsEntry &entry)
{
    QStringList parts(4);
    while (xml.readNextStartElement()) {
        const QStringView tag = xml.name();
        if (tag == u"DATAID") {
            entry.secondaryId = xml.readElementText().trimmed();
        } else if (tag == u"FIRST_NAME") {
            parts[0] = xml.readElementText();
        } else if (tag == u"SECOND_NAME") {
            parts[1] = xml.readElementText();
        } else if (tag == u"THIRD_NAME") {
            parts[2] = xml.readElementText();
        } else if (tag == u"FOURTH_NAME") {
            parts[3] = xml.readElementText();
        } else if (tag == u"UN_LIST_TYPE") {
            entry.programme = xml.readElementText().trimmed();
        } else if (tag == u"REFERENCE_NUMBER") {
            entry.reference = xml.readElementText().trimmed();
            entry.unReference = entry.reference;
        } else if (tag == u"LISTED_ON") {
            entry.listedOn = xml.readElementText().trimmed();
        } else if (tag == u"NATIONALITY") {
            for (const QString &v : readValues(xml))
                appendUnique(entry.countries, v);
        } else if (tag == u"NAME_ORIGINAL_SCRIPT") {
            addName(entry, xml.readElementText(), NameVariant::Kind::OriginalScript);
        } else if (tag == u"INDIVIDUAL_ALIAS" || tag == u"ENTITY_ALIAS") {
            const auto f = readFlat(xml);
            const QString quality = f.value(u"QUALITY"_s);
            const bool former = quality.compare(u"f.k.a."_s, Qt::CaseInsensitive) == 0;
            addName(entry, f.value(u"ALIAS_NAME"_s),
                former ? NameVariant::Kind::FormerName : NameVariant::Kind::Alias, {},
                quality.compare(u"Low"_s, Qt::CaseInsensitive) == 0);
        } else if (tag == u"INDIVIDUAL_DATE_OF_BIRTH") {
            const auto f = readFlat(xml);
            if (!f.value(u"DATE"_s).isEmpty())
                appendUnique(entry.birthDates, f.value(u"DATE"_s).left(10));
            else if (!f.value(u"YEAR"_s).isEmpty())
                appendUnique(entry.birthDates, f.value(u"YEAR"_s));
            else if (!f.value(u"FROM_YEAR"_s).isEmpty())
                appendUnique(entry.birthDates, f.value(u"FROM_YEAR"_s) + u'/' + f.value(u"TO_YEAR"_s));
        } else {
            xml.skipCurrentElement();
        }
    }
    QStringList nonEmpty;
    for (const QString &p : std::as_const(parts))
        if (!p.trimmed().isEmpty())
            nonEmpty.append(p.trimmed());
    const QString primary = nonEmpty.join(u' ');
    if (!primary.isEmpty())
        entry.names.prepend(NameVariant { primary.simplified(), NameVariant::Kind::Primary, {}, false });
    if (!entry.programme.isEmpty())
        entry.regulations.append(Regulation { {}, entry.programme, entry.listedOn, {}, {} });
}

// The EVM addresses written in a list's free text, lower case, each once.
void addWalletAddresses(SanctionsEntry &entry, const QString &text)
{
    static const QRegularExpression evm(u"\\b0x[0-9a-fA-F]{40}\\b"_s);
    for (auto it = evm.globalMatch(text); it.hasNext();)
        appendUnique(entry.walletAddresses, it.next().captured().toLower());
}

// UK dates are dd/mm/yyyy with "dd"/"mm" placeholders for unknown parts.
QString ukDate(const QString &text)
{
    const QStringList p = text.trimmed().split(u'/');
    if (p.size() != 3)
        return text.trimmed();
    bool dayOk = false;
    bool monthOk = false;
    p[0].toInt(&dayOk);
    p[1].toInt(&monthOk);
    if (monthOk && dayOk)
        return p[2] + u'-' + p[1] + u'-' + p[0];
    if (monthOk)
        return p[2] + u'-' + p[1];
    return p[2];
}

// RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks.
QList<QStringList> csvRecords(const QString &text)
{
    QList<QStringList> records;
    QStringList record;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (quoted) {
            if (c == u'"') {
                if (i + 1 < text.size() && text.at(i + 1) == u'"') {
                    field.append(u'"');
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                field.append(c);
            }
        } else if (c == u'"') {
            quoted = true;
        } else if (c == u',') {
            record.append(field);
            field.clear();
        } else if (c == u'\n' || c == u'\r') {
            if (c == u'\r' && i + 1 < text.size() && text.at(i + 1) == u'\n')
                ++i;
            record.append(field);
            field.clear();
            records.append(record);
            record.clear();
        } else {
            field.append(c);
        }
    }
    if (!field.isEmpty() || !record.isEmpty()) {
        record.append(field);
        records.append(record);
    }
    return records;
}

} // namespace

SanctionsListParser::Format SanctionsListParser::detect(const QByteArray &raw)
{
    QByteArray data = raw;
    if (GzipReader::isGzip(raw)) {
        // Only the head is needed; a short inflate of a long stream fails, so inflate all (bounded).
        auto inflated = GzipReader::decompress(raw);
        if (!inflated.ok())
            return Format::Unknown;
        data = inflated.value();
    }
    const QByteArray head = data.left(4096);
    if (head.trimmed().startsWith('{') && head.contains("\"list\""))
        return Format::SnapshotJsonl;
    if (head.contains("<CONSOLIDATED_LIST"))
        return Format::UnXml;
    if (head.contains("<export") && head.contains("fpi/fsd/export"))
        return Format::EuXml;
    if (head.contains("<Designations"))
        return Format::UkXml;
    QByteArray text = head;
    if (text.startsWith("\xef\xbb\xbf"))
        text.remove(0, 3);
    if (text.startsWith("Last Updated,") && text.contains("Group ID"))
        return Format::OfsiConListCsv;
    return Format::Unknown;
}

Result<SanctionsList> SanctionsListParser::parse(const QByteArray &raw)
{
    auto inflated = GzipReader::decompress(raw);
    if (!inflated.ok())
        return inflated.error();
    const QByteArray &data = inflated.value();
    switch (detect(data)) {
    case Format::UnXml:
        return parseUnXml(data);
    case Format::EuXml:
        return parseEuXml(data);
    case Format::UkXml:
        return parseUkXml(data);
    case Format::SnapshotJsonl:
        return parseSnapshotJsonl(data);
    case Format::OfsiConListCsv:
        return parseOfsiConListCsv(data);
    case Format::Unknown:
        break;
    }
    if (auto err = notAList(data, u"The list"_s))
        return *err;
    return listError(u"list_format_unknown"_s,
        u"The file is none of: UN consolidated XML, EU FSF XML v1.1, UK Sanctions List XML, OFSI ConList "
        u"CSV, "
        "snapshot JSONL"_s);
}

Result<SanctionsList> SanctionsListParser::parseUnXml(const QByteArray &data)
{
    if (auto err = notAList(data, u"The UN consolidated list"_s))
        return *err;
    QXmlStreamReader xml(data);
    SanctionsList result;
    if (!xml.readNextStartElement() || xml.name() != u"CONSOLIDATED_LIST") {
        if (xml.hasError())
            return xmlError(xml, u"The UN consolidated list"_s);
        return listError(
            u"list_wrong_root"_s, u"The UN consolidated list has no CONSOLIDATED_LIST root element"_s);
    }
    result.generationDate = xml.attributes().value(u"dateGenerated"_s).toString();
    while (xml.readNextStartElement()) {
        const bool individuals = xml.name() == u"INDIVIDUALS";
        if (!individuals && xml.name() != u"ENTITIES") {
            xml.skipCurrentElement();
            continue;
        }
        while (xml.readNextStartElement()) {
            if (xml.name() != u"INDIVIDUAL" && xml.name() != u"ENTITY") {
                xml.skipCurrentElement();
                continue;
            }
            SanctionsEntry entry;
            entry.list = SanctionsEntry::List::Un;
            entry.subjectType
                = individuals ? SanctionsEntry::SubjectType::Person : SanctionsEntry::SubjectType::Entity;
            entry.listDate = result.generationDate;
            readUnRecord(xml, entry);
            if (!entry.reference.isEmpty() && !entry.names.isEmpty())
                result.entries.append(std::move(entry));
        }
    }
    if (xml.hasError())
        return xmlError(xml, u"The UN consolidated list"_s);
    if (result.entries.isEmpty())
        return listError(u"list_empty"_s, u"The UN consolidated list contains no entries"_s);
    return result;
}

Result<SanctionsList> SanctionsListParser::parseEuXml(const QByteArray &data)
{
    if (auto err = notAList(data, u"The EU FSF list"_s))
        return *err;
    QXmlStreamReader xml(data);
    SanctionsList result;
    if (!xml.readNextStartElement() || xml.name() != u"export") {
        if (xml.hasError())
            return xmlError(xml, u"The EU FSF list"_s);
        return listError(u"list_wrong_root"_s, u"The EU FSF list has no export root element"_s);
    }
    result.generationDate = xml.attributes().value(u"generationDate"_s).toString();
    while (xml.readNextStartElement()) {
        if (xml.name() != u"sanctionEntity") {
            xml.skipCurrentElement();
            continue;
        }
        SanctionsEntry entry;
        entry.list = SanctionsEntry::List::Eu;
        entry.listDate = result.generationDate;
        const QXmlStreamAttributes attrs = xml.attributes();
        entry.reference = attrs.value(u"euReferenceNumber"_s).toString();
        entry.secondaryId = attrs.value(u"logicalId"_s).toString();
        entry.unReference = attrs.value(u"unitedNationId"_s).toString();
        entry.listedOn = attrs.value(u"designationDate"_s).toString();
        bool primaryChosen = false;
        while (xml.readNextStartElement()) {
            const QStringView tag = xml.name();
            const QXmlStreamAttributes a = xml.attributes();
            if (tag == u"regulation") {
                Regulation reg { a.value(u"numberTitle"_s).toString(), a.value(u"programme"_s).toString(),
                    a.value(u"publicationDate"_s).toString(), a.value(u"entryIntoForceDate"_s).toString(),
                    {} };
                while (xml.readNextStartElement()) {
                    if (xml.name() == u"publicationUrl")
                        reg.publicationUrl = xml.readElementText().trimmed();
                    else
                        xml.skipCurrentElement();
                }
                entry.regulations.append(reg);
            } else if (tag == u"subjectType") {
                entry.subjectType = a.value(u"code"_s) == u"enterprise" ? SanctionsEntry::SubjectType::Entity
                                                                        : SanctionsEntry::SubjectType::Person;
                xml.skipCurrentElement();
            } else if (tag == u"nameAlias") {
                const QString whole = a.value(u"wholeName"_s).toString();
                const QString lang = a.value(u"nameLanguage"_s).toString();
                const bool weak = a.value(u"strong"_s) == u"false";
                bool latin = true;
                for (const QChar c : whole)
                    if (c.isLetter() && c.script() != QChar::Script_Latin)
                        latin = false;
                // No primary flag in the FSF: the first EN or language-blank Latin-script name is shown.
                const bool primary = !primaryChosen && latin && (lang.isEmpty() || lang == u"EN");
                primaryChosen = primaryChosen || primary;
                addName(entry, whole, primary ? NameVariant::Kind::Primary : NameVariant::Kind::Alias, lang,
                    weak);
                xml.skipCurrentElement();
            } else if (tag == u"citizenship") {
                const QString country = a.value(u"countryIso2Code"_s).toString();
                if (country != u"00")
                    appendUnique(entry.countries, country);
                xml.skipCurrentElement();
            } else if (tag == u"birthdate") {
                if (!a.value(u"birthdate"_s).isEmpty())
                    appendUnique(entry.birthDates, a.value(u"birthdate"_s).toString());
                else if (!a.value(u"year"_s).isEmpty())
                    appendUnique(entry.birthDates, a.value(u"year"_s).toString());
                else if (!a.value(u"yearRangeFrom"_s).isEmpty())
                    appendUnique(entry.birthDates,
                        a.value(u"yearRangeFrom"_s).toString() + u'/' + a.value(u"yearRangeTo"_s).toString());
                xml.skipCurrentElement();
            } else {
                xml.skipCurrentElement();
            }
        }
        std::stable_sort(entry.regulations.begin(), entry.regulations.end(),
            [](const Regulation &l, const Regulation &r) { return l.publicationDate < r.publicationDate; });
        if (!entry.regulations.isEmpty())
            entry.programme = entry.regulations.last().programme;
        if (!entry.reference.isEmpty() && !entry.names.isEmpty())
            result.entries.append(std::move(entry));
    }
    if (xml.hasError())
        return xmlError(xml, u"The EU FSF list"_s);
    if (result.entries.isEmpty())
        return listError(u"list_empty"_s, u"The EU FSF list contains no sanctionEntity"_s);
    return result;
}

Result<SanctionsList> SanctionsListParser::parseUkXml(const QByteArray &data)
{
    if (auto err = notAList(data, u"The UK Sanctions List"_s))
        return *err;
    QXmlStreamReader xml(data);
    SanctionsList result;
    if (!xml.readNextStartElement() || xml.name() != u"Designations") {
        if (xml.hasError())
            return xmlError(xml, u"The UK Sanctions List"_s);
        return listError(u"list_wrong_root"_s, u"The UK Sanctions List has no Designations root element"_s);
    }
    while (xml.readNextStartElement()) {
        if (xml.name() == u"DateGenerated") {
            result.generationDate = ukDate(xml.readElementText());
            continue;
        }
        if (xml.name() != u"Designation") {
            xml.skipCurrentElement();
            continue;
        }
        SanctionsEntry entry;
        entry.list = SanctionsEntry::List::Uk;
        while (xml.readNextStartElement()) {
            const QStringView tag = xml.name();
            if (tag == u"UniqueID") {
                entry.reference = xml.readElementText().trimmed();
            } else if (tag == u"OFSIGroupID") {
                entry.secondaryId = xml.readElementText().trimmed();
            } else if (tag == u"UNReferenceNumber") {
                entry.unReference = xml.readElementText().trimmed();
            } else if (tag == u"DateDesignated") {
                entry.listedOn = ukDate(xml.readElementText());
            } else if (tag == u"RegimeName") {
                entry.programme = xml.readElementText().trimmed();
            } else if (tag == u"IndividualEntityShip") {
                const QString kind = xml.readElementText().trimmed();
                entry.subjectType = kind == u"Individual" ? SanctionsEntry::SubjectType::Person
                    : kind == u"Ship"                     ? SanctionsEntry::SubjectType::Ship
                                                          : SanctionsEntry::SubjectType::Entity;
            } else if (tag == u"Names") {
                while (xml.readNextStartElement()) {
                    if (xml.name() != u"Name") {
                        xml.skipCurrentElement();
                        continue;
                    }
                    QStringList parts;
                    QString type;
                    bool weak = false;
                    while (xml.readNextStartElement()) {
                        const QStringView t = xml.name();
                        if (t.startsWith(u"Name") && t.size() == 5 && t.at(4).isDigit())
                            appendUnique(parts, xml.readElementText());
                        else if (t == u"NameType")
                            type = xml.readElementText().trimmed();
                        else if (t == u"AliasStrength")
                            weak = weak || xml.readElementText().startsWith(u"Low"_s, Qt::CaseInsensitive);
                        else
                            xml.skipCurrentElement();
                    }
                    addName(entry, parts.join(u' '),
                        type == u"Primary Name" ? NameVariant::Kind::Primary : NameVariant::Kind::Alias, {},
                        weak);
                }
            } else if (tag == u"NonLatinNames") {
                while (xml.readNextStartElement()) {
                    if (xml.name() != u"NonLatinName") {
                        xml.skipCurrentElement();
                        continue;
                    }
                    const auto f = readFlat(xml);
                    addName(entry, f.value(u"NameNonLatinScript"_s), NameVariant::Kind::OriginalScript);
                }
            } else if (tag == u"OtherInformation") {
                addWalletAddresses(entry, xml.readElementText());
            } else if (tag == u"IndividualDetails") {
                while (xml.readNextStartElement()) {
                    if (xml.name() != u"Individual") {
                        xml.skipCurrentElement();
                        continue;
                    }
                    while (xml.readNextStartElement()) {
                        if (xml.name() == u"DOBs") {
                            while (xml.readNextStartElement())
                                appendUnique(entry.birthDates, ukDate(xml.readElementText()));
                        } else if (xml.name() == u"Nationalities") {
                            while (xml.readNextStartElement())
                                appendUnique(entry.countries, xml.readElementText());
                        } else {
                            xml.skipCurrentElement();
                        }
                    }
                }
            } else {
                xml.skipCurrentElement();
            }
        }
        if (!entry.programme.isEmpty())
            entry.regulations.append(Regulation { entry.programme, entry.programme, entry.listedOn, {}, {} });
        if (!entry.reference.isEmpty() && !entry.names.isEmpty())
            result.entries.append(std::move(entry));
    }
    if (xml.hasError())
        return xmlError(xml, u"The UK Sanctions List"_s);
    if (result.entries.isEmpty())
        return listError(u"list_empty"_s, u"The UK Sanctions List contains no Designation"_s);
    for (SanctionsEntry &e : result.entries)
        e.listDate = result.generationDate;
    return result;
}

Result<SanctionsList> SanctionsListParser::parseSnapshotJsonl(const QByteArray &raw)
{
    auto inflated = GzipReader::decompress(raw);
    if (!inflated.ok())
        return inflated.error();
    const QByteArray &data = inflated.value();
    if (auto err = notAList(data.startsWith('{') ? QByteArray("x") : data, u"The snapshot"_s))
        return *err;
    SanctionsList result;
    qsizetype pos = 0;
    int lineNo = 0;
    while (pos < data.size()) {
        qsizetype end = data.indexOf('\n', pos);
        if (end < 0)
            end = data.size();
        const QByteArray line = data.mid(pos, end - pos).trimmed();
        pos = end + 1;
        ++lineNo;
        if (line.isEmpty())
            continue;
        QJsonParseError perr;
        const QJsonDocument doc = QJsonDocument::fromJson(line, &perr);
        if (perr.error != QJsonParseError::NoError || !doc.isObject())
            return listError(u"snapshot_malformed"_s,
                u"The snapshot line %1 is not a JSON object: %2"_s.arg(lineNo).arg(perr.errorString()));
        const QJsonObject o = doc.object();
        SanctionsEntry entry;
        const QString list = o.value(u"list"_s).toString();
        if (list == u"EU")
            entry.list = SanctionsEntry::List::Eu;
        else if (list == u"UN")
            entry.list = SanctionsEntry::List::Un;
        else if (list == u"UK")
            entry.list = SanctionsEntry::List::Uk;
        else
            return listError(u"snapshot_malformed"_s,
                u"The snapshot line %1 has field list '%2'; expected EU, UN or UK"_s.arg(lineNo).arg(list));
        entry.reference = o.value(u"ref"_s).toString();
        if (entry.reference.isEmpty())
            return listError(u"snapshot_malformed"_s, u"The snapshot line %1 has no field ref"_s.arg(lineNo));
        for (const char *key : { "dataid", "logical_id", "ofsi_group_id" })
            if (o.contains(QLatin1StringView(key)))
                entry.secondaryId = o.value(QLatin1StringView(key)).toString();
        entry.unReference
            = entry.list == SanctionsEntry::List::Un ? entry.reference : o.value(u"un_ref").toString();
        const QString kind = o.value(u"kind"_s).toString();
        entry.subjectType = kind == u"entity" ? SanctionsEntry::SubjectType::Entity
            : kind == u"ship"                 ? SanctionsEntry::SubjectType::Ship
                                              : SanctionsEntry::SubjectType::Person;
        entry.programme = o.value(u"programme"_s).toString();
        entry.listedOn = o.contains(u"listed_on") ? o.value(u"listed_on").toString()
                                                  : o.value(u"date_designated").toString();
        entry.listDate = o.value(u"source_date").toString();
        addName(entry, o.value(u"name"_s).toString(), NameVariant::Kind::Primary);
        for (const QJsonValue &v : o.value(u"aliases"_s).toArray()) {
            const QJsonObject a = v.toObject();
            const bool weak = a.value(u"quality"_s).toString() == u"Low"
                || a.value(u"strong"_s) == QJsonValue(false)
                || a.value(u"strength"_s).toString().startsWith(u"Low"_s, Qt::CaseInsensitive);
            addName(entry, a.value(u"name"_s).toString(),
                a.value(u"quality"_s).toString() == u"f.k.a." ? NameVariant::Kind::FormerName
                                                              : NameVariant::Kind::Alias,
                a.value(u"lang"_s).toString(), weak);
        }
        for (const QJsonValue &v : o.value(u"original_script").toArray())
            addName(entry, v.toString(), NameVariant::Kind::OriginalScript);
        for (const QJsonValue &v : o.value(u"birth_dates").toArray())
            appendUnique(entry.birthDates, v.toString());
        for (const QJsonValue &v : o.value(u"nationalities"_s).toArray())
            appendUnique(entry.countries, v.toString());
        for (const QJsonValue &v : o.value(u"regulations"_s).toArray()) {
            const QJsonObject r = v.toObject();
            entry.regulations.append(Regulation { r.value(u"number_title").toString(),
                r.value(u"programme"_s).toString(), r.value(u"publication_date").toString(),
                r.value(u"entry_into_force_date").toString(), r.value(u"publication_url").toString() });
        }
        if (entry.regulations.isEmpty() && !entry.programme.isEmpty())
            entry.regulations.append(
                Regulation { entry.list == SanctionsEntry::List::Uk ? entry.programme : QString(),
                    entry.programme, entry.listedOn, {}, {} });
        if (entry.names.isEmpty())
            return listError(
                u"snapshot_malformed"_s, u"The snapshot line %1 has no field name"_s.arg(lineNo));
        if (entry.listDate > result.generationDate)
            result.generationDate = entry.listDate;
        result.entries.append(std::move(entry));
    }
    if (result.entries.isEmpty())
        return listError(u"list_empty"_s, u"The snapshot contains no entries"_s);
    return result;
}

Result<SanctionsList> SanctionsListParser::parseOfsiConListCsv(const QByteArray &data)
{
    if (auto err = notAList(data, u"The OFSI ConList"_s))
        return *err;
    QString text = QString::fromUtf8(data);
    if (text.startsWith(QChar(0xfeff)))
        text.remove(0, 1);
    const QList<QStringList> records = csvRecords(text);
    if (records.size() < 2 || !records.first().value(0).trimmed().startsWith(u"Last Updated"_s))
        return listError(
            u"list_malformed"_s, u"The OFSI ConList does not start with the 'Last Updated' line"_s);
    SanctionsList result;
    result.generationDate = ukDate(records.first().value(1));
    QHash<QString, int> column;
    const QStringList header = records.at(1);
    for (int i = 0; i < header.size(); ++i)
        column.insert(header.at(i).trimmed().toLower(), i);
    for (const char *required : { "group id", "name 6", "group type" }) {
        if (!column.contains(QLatin1StringView(required)))
            return listError(u"list_malformed"_s,
                u"The OFSI ConList header has no column '%1'"_s.arg(QLatin1StringView(required)));
    }
    auto cell = [&column](const QStringList &row, const char *name) {
        const int i = column.value(QLatin1StringView(name), -1);
        return i >= 0 && i < row.size() ? row.at(i).trimmed() : QString();
    };
    QHash<QString, qsizetype> entryOfGroup;
    for (qsizetype r = 2; r < records.size(); ++r) {
        const QStringList &row = records.at(r);
        const QString group = cell(row, "group id");
        if (group.isEmpty())
            continue;
        auto it = entryOfGroup.constFind(group);
        if (it == entryOfGroup.cend()) {
            SanctionsEntry entry;
            entry.list = SanctionsEntry::List::Uk;
            entry.reference = group;
            entry.secondaryId = group;
            const QString type = cell(row, "group type");
            entry.subjectType = type == u"Individual" ? SanctionsEntry::SubjectType::Person
                : type == u"Ship"                     ? SanctionsEntry::SubjectType::Ship
                                                      : SanctionsEntry::SubjectType::Entity;
            entry.programme = cell(row, "regime");
            entry.listedOn = ukDate(cell(row, "listed on"));
            entry.listDate = result.generationDate;
            if (!entry.programme.isEmpty())
                entry.regulations.append(
                    Regulation { entry.programme, entry.programme, entry.listedOn, {}, {} });
            it = entryOfGroup.insert(group, result.entries.size());
            result.entries.append(entry);
        }
        SanctionsEntry &entry = result.entries[*it];
        QStringList parts;
        for (const char *name : { "name 1", "name 2", "name 3", "name 4", "name 5", "name 6" })
            appendUnique(parts, cell(row, name));
        const QString aliasType = cell(row, "alias type").toLower();
        const NameVariant::Kind kind = aliasType == u"primary name" ? NameVariant::Kind::Primary
            : aliasType == u"fka"                                   ? NameVariant::Kind::FormerName
                                                                    : NameVariant::Kind::Alias;
        addName(entry, parts.join(u' '), kind, {},
            cell(row, "alias quality").startsWith(u"Low"_s, Qt::CaseInsensitive));
        addName(entry, cell(row, "name non-latin script"), NameVariant::Kind::OriginalScript,
            cell(row, "non-latin script language"));
        const QString dob = cell(row, "dob");
        if (!dob.isEmpty())
            appendUnique(entry.birthDates, ukDate(dob));
        appendUnique(entry.countries, cell(row, "nationality"));
    }
    for (SanctionsEntry &e : result.entries) {
        // A primary name always leads, so displayName() shows it.
        std::stable_partition(e.names.begin(), e.names.end(),
            [](const NameVariant &v) { return v.kind == NameVariant::Kind::Primary; });
    }
    result.entries.removeIf([](const SanctionsEntry &e) { return e.names.isEmpty(); });
    if (result.entries.isEmpty())
        return listError(u"list_empty"_s, u"The OFSI ConList contains no rows with a Group ID"_s);
    return result;
}

} // namespace ades::eu
