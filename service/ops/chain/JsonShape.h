#pragma once

#include <QJsonObject>
#include <QString>
#include <initializer_list>

namespace ades::chain {

// An object whose keys are known before its values, every value null: built once (a static), copied per
// result and filled with insert(). Qt 6.4's QJsonObject::insert builds a temporary for each key it adds, a
// third of what a member costs; replacing the value of a key already there skips it, and copying a built
// object is one allocation per buffer (measured in tests/bench/BenchChain.cpp). Every key must be filled:
// one left out is written as null.
QJsonObject jsonShape(std::initializer_list<QString> keys);

} // namespace ades::chain
