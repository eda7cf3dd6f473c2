#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <initializer_list>
#include <iterator>

namespace ades {

// Objects whose keys are known before their values (the members of a result, of a row): built once with every
// value null, copied per result and filled. Qt 6.4's QJsonObject::insert builds a temporary for each key it
// adds, a third of what a member costs; replacing the value of a key already there skips it, and copying a
// built object is one allocation per buffer (measured in tests/bench/BenchChain.cpp and
// BenchMarketAgentSpend.cpp). Every key must be filled: one left out is written as null.
QJsonObject jsonShape(std::initializer_list<QString> keys);
QJsonObject jsonShape(const QStringList &keys);

// The same, filled by position instead of by key: `Member` is an enum listing the keys in the order given to
// the constructor, and set() writes a value without looking its key up (many rows of one shape).
template <typename Member> class JsonShape
{
public:
    explicit JsonShape(const QStringList &keys)
        : m_empty(jsonShape(keys))
    {
        // QJsonObject keeps its members sorted by key, whatever the order they were given in.
        m_position.reserve(keys.size());
        for (const QString &key : keys)
            m_position.append(std::distance(m_empty.constBegin(), m_empty.constFind(key)));
    }

    // Every member null.
    QJsonObject empty() const { return m_empty; }
    void set(QJsonObject &object, Member member, const QJsonValue &value) const
    {
        object.begin()[m_position.at(qsizetype(member))] = value;
    }

private:
    QJsonObject m_empty;
    QList<qsizetype> m_position;
};

} // namespace ades
