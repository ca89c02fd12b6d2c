// Copyright 2018-2023 contributors to the Marquez project
// SPDX-License-Identifier: Apache-2.0

module.exports = async () => {
  process.env.TZ = 'UTC'
}
